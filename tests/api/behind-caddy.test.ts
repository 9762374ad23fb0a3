import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../support/browser';
import { localCaddyfile } from '../support/caddyfile';
import { createTestDb } from '../support/db';
import { startS3StandIn } from '../support/s3-stand-in';
import { until } from '../support/until';

// The production setup in small: two processes of the built server on one PostgreSQL database,
// behind Caddy (Debian's package) over HTTPS with Caddy's own certificate authority, as
// docker-compose.yml runs them. PostgreSQL only: several servers cannot share a PGlite directory.

const pgUrl = process.env.TEST_DATABASE_URL;
const caddyBin = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => fs.existsSync(p));
const OWNER = { email: 'patronne@example.bj', password: 'une longue phrase secrète' };
const work = path.resolve(`.tmp/behind-caddy-${process.pid}`);

const taken = new Set<number>();
/** A local port nothing listens on, never the same twice in this file. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  if (taken.has(port)) return freePort();
  taken.add(port);
  return port;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let caddyPort = 0;
let rootCa: Buffer;
/** A request through Caddy, over HTTPS, trusting Caddy's local authority only. */
function viaCaddy(pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: caddyPort,
        path: pathname,
        method: init.method ?? 'GET',
        // The site's name, as a browser sends it (Caddy answers an empty 200 for unknown hosts).
        headers: { host: `localhost:${caddyPort}`, ...init.headers },
        ca: rootCa,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

interface Server {
  port: number;
  process: ChildProcess;
  log: string;
}
let databaseUrl = '';
let drop: () => Promise<void> = async () => undefined;
const servers: Server[] = [];
let caddy: ChildProcess | undefined;
let caddyLog = '';
/** The bucket both servers keep their files in (FILES_URL), as several servers must. */
let bucket: Awaited<ReturnType<typeof startS3StandIn>> | undefined;

/** One app server as the compose file runs it: compiled, in production, behind a proxy it trusts. */
async function startServer(port: number): Promise<Server> {
  const dataDir = path.join(work, `server-${port}`);
  const child = spawn(process.execPath, ['server/dist/bin/main.js'], {
    env: {
      ENV_FILE: '',
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `https://localhost:${caddyPort}`,
      MAIL_TO_FILES: 'true',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      DEMO_PHOTOS: 'false',
      LOG_LEVEL: 'warn',
      ...bucket!.env,
      FILES_URL: 's3://fichiers/boutique',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { port, process: child, log: '' };
  child.stdout?.on('data', (c: Buffer) => (server.log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (server.log += c.toString()));
  await until(
    `server ${port} ready`,
    async () => {
      if (child.exitCode !== null) throw new Error(`server ${port} exited (${child.exitCode}):\n${server.log}`);
      return (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.ok;
    },
    60_000,
  );
  return server;
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

const direct = (server: Server, pathname: string, init?: RequestInit) => fetch(`http://127.0.0.1:${server.port}${pathname}`, init);
let cookie = '';
let productId = '';
let productSlug = '';

beforeAll(async () => {
  if (!pgUrl || !caddyBin) return;
  if (!fs.existsSync('server/dist/bin/main.js')) throw new Error('the server is not built: run npm run build first');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const test = await createTestDb();
  await test.db.destroy();
  databaseUrl = test.url!;
  drop = test.drop;
  caddyPort = await freePort();
  const ports = [await freePort(), await freePort()];
  const caddyfile = path.join(work, 'Caddyfile');
  fs.writeFileSync(caddyfile, localCaddyfile(caddyPort, await freePort()));
  caddy = spawn(caddyBin, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      APP_SERVER_1: `127.0.0.1:${ports[0]}`,
      APP_SERVER_2: `127.0.0.1:${ports[1]}`,
      HOME: work,
      XDG_DATA_HOME: path.join(work, 'data'),
      XDG_CONFIG_HOME: path.join(work, 'config'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stderr?.on('data', (c: Buffer) => (caddyLog += c.toString()));
  bucket = await startS3StandIn(['fichiers']);
  // Both servers start together on the new database: one migrates and seeds, the other waits.
  servers.push(...(await Promise.all(ports.map((port) => startServer(port)))));
  const ca = path.join(work, 'data/caddy/pki/authorities/local/root.crt');
  await until('Caddy’s local authority', () => fs.existsSync(ca), 30_000);
  rootCa = fs.readFileSync(ca);
  await until(
    'the shop through Caddy',
    async () => (await viaCaddy('/health/ready').catch(() => null))?.body.includes('"database":"ok"'),
    30_000,
  );

  const login = await direct(servers[0]!, '/trpc/auth.login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const list = (await (
    await direct(servers[0]!, `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 1 }))}`)
  ).json()) as {
    result: { data: { rows: { id: string; slug: string }[] } };
  };
  productId = list.result.data.rows[0]!.id;
  productSlug = list.result.data.rows[0]!.slug;
}, 180_000);

afterAll(async () => {
  for (const server of servers) if (server.process.exitCode === null) await stopServer(server);
  caddy?.kill('SIGTERM');
  await bucket?.close();
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!pgUrl || !caddyBin)('two app servers behind Caddy over HTTPS', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  });
  afterAll(() => browser?.close());

  it('serve the shopper and the owner in a real browser: Secure __Host- session, HSTS', async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: `https://localhost:${caddyPort}`, locale: 'fr-FR' });
    const page = await context.newPage();
    const home = await page.goto('/');
    expect(home?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
    await page
      .getByText(/F\u202FCFA/)
      .first()
      .waitFor();
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Mot de passe').fill(OWNER.password);
    await page.getByRole('button', { name: /Se connecter/ }).click();
    await page.getByText('Nouvelles commandes').first().waitFor();
    const session = (await context.cookies()).find((c) => c.name === '__Host-session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(session?.domain).toBe('localhost');
    // Requests alternate between the servers: the admin keeps working from screen to screen.
    for (const screen of ['/admin/orders', '/admin/products', '/admin']) {
      await page.goto(screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(screen);
    }
    await context.close();
  });

  it('a sign-in on one server is valid on the other', async () => {
    for (const server of servers) {
      const me = (await (await direct(server, '/trpc/auth.me', { headers: { cookie } })).json()) as {
        result: { data: { email: string } | null };
      };
      expect(me.result.data?.email).toBe(OWNER.email);
    }
  });

  it('believes X-Forwarded-For from Caddy only: forged addresses do not escape the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await viaCaddy('/trpc/auth.requestPasswordReset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: 'inconnu@example.bj' }),
      });
      statuses.push(answer.status);
    }
    // The limit is 5 per address and quarter of an hour: the sixth is refused, whatever the header said.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a product edited through one server shows at once through the other', async () => {
    const page = `/products/${productSlug}`;
    expect((await direct(servers[1]!, page)).status).toBe(200); // cached by the second server
    const name = `Routeur édité ${Date.now()}`;
    const update = await direct(servers[0]!, '/trpc/products.update', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ id: productId, data: { name } }),
    });
    expect(update.status).toBe(200);
    const started = Date.now();
    await until('the second server’s page', async () => (await (await direct(servers[1]!, page)).text()).includes(name), 5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await viaCaddy(page)).body).toContain(name);
  });

  it('a photo uploaded through one server is served by the other and through Caddy', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)]), 'vitrine.jpg');
    const uploaded = await direct(servers[0]!, '/api/media', { method: 'POST', body: form, headers: { cookie } });
    expect(uploaded.status).toBe(200);
    const media = (await uploaded.json()) as { id: string };
    const other = await direct(servers[1]!, `/media/${media.id}/640.webp`);
    expect(other.status).toBe(200);
    expect(other.headers.get('content-type')).toBe('image/webp');
    const proxied = await viaCaddy(`/media/${media.id}/640.webp`);
    expect(proxied.status).toBe(200);
    expect(proxied.headers['content-type']).toBe('image/webp');
  });

  it('sets a frozen server aside within seconds: no request fails, none waits on it for long', async () => {
    const frozen = servers[1]!;
    const list = `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 12 }))}`;
    frozen.process.kill('SIGSTOP');
    const answers: { at: number; ms: number; status: number }[] = [];
    const start = performance.now();
    try {
      // Two shoppers, one request after another each, for 12 s.
      await Promise.all(
        [0, 1].map(async () => {
          while (performance.now() - start < 12_000) {
            const t0 = performance.now();
            const answer = await viaCaddy(list).catch(() => ({ status: 0 }));
            answers.push({ at: t0 - start, ms: performance.now() - t0, status: answer.status });
          }
        }),
      );
    } finally {
      frozen.process.kill('SIGCONT');
    }
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // A request sent to it before the health check noticed waits at most the upstream timeout (10 s), then is retried.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(12_500);
    // From 6 s on (a failed check every 2 s, 2 s to answer), every request goes to the live server.
    const later = answers.filter((a) => a.at > 6_000);
    expect(later.length).toBeGreaterThan(10);
    expect(later.filter((a) => a.ms > 1_000)).toEqual([]);
    // Thawed, it answers its health check again, and Caddy sends it requests once more.
    await until('the thawed server ready', async () => (await direct(frozen, '/health/ready').catch(() => null))?.ok, 10_000);
  }, 60_000);

  it('restarts each server in turn under a steady stream of shopper requests, with no failed request', async () => {
    const paths = [
      '/',
      `/products/${productSlug}`,
      '/products',
      `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 12 }))}`,
    ];
    const failures: string[] = [];
    let done = 0;
    let running = true;
    const shopper = async (offset: number) => {
      for (let i = offset; running; i++) {
        const pathname = paths[i % paths.length]!;
        const answer = await viaCaddy(pathname).catch((e: Error) => ({ status: 0, body: e.message }));
        // A page or an answer of the shop's, not an empty one from the proxy.
        if (answer.status !== 200 || answer.body.length < 100) failures.push(`${pathname}: ${answer.status} ${answer.body.slice(0, 120)}`);
        done++;
      }
    };
    const shoppers = [shopper(0), shopper(1), shopper(2)];
    for (const [index, server] of servers.entries()) {
      const before = done;
      await until('requests flowing', () => done >= before + 20, 30_000);
      await stopServer(server);
      const during = done;
      await until('requests served while it is down', () => done >= during + 20, 30_000);
      servers[index] = await startServer(server.port);
    }
    const after = done;
    await until('requests after both restarts', () => done >= after + 20, 30_000);
    running = false;
    await Promise.all(shoppers);
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(100);
  }, 180_000);
});
