import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';

// npm run admin:create on the embedded PGlite database, as an owner who lost the password runs it:
// never a second process writing the directory the running shop holds (the change would be lost),
// never a new empty database in the wrong directory; and once the shop is stopped, the new password
// works at its next start.

const dataDir = path.resolve(`.tmp/admin-cli-${process.pid}`);
const OWNER = { email: 'patronne@example.bj', password: 'ancienne phrase secrète' };
const NEW_PASSWORD = 'nouvelle phrase secrète';
let server: ChildProcess | undefined;
let port = 0;

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function startShop() {
  port = await freePort();
  let log = '';
  server = spawn(process.execPath, ['server/dist/bin/main.js'], {
    env: {
      ENV_FILE: '',
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DEMO_PHOTOS: 'false',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  await until(
    'the shop answering',
    async () => {
      if (server?.exitCode !== null) throw new Error(`the shop stopped: ${log}`);
      return (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.ok;
    },
    60_000,
  );
}

async function stopShop() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** A command of the shop, compiled as npm run runs it from the machine (npm test builds the server first). */
const run = (script: string, args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [script, ...args],
      { env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 60_000 },
      () => undefined,
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: string) => (stdout += c));
    child.stderr?.on('data', (c: string) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
const adminCreate = (env: Record<string, string>, password: string) =>
  run('server/dist/bin/create-admin-cli.js', ['--email', OWNER.email, '--password', password], env);

const signIn = async (password: string) =>
  (
    await fetch(`http://127.0.0.1:${port}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER.email, password }),
    })
  ).status;

afterAll(async () => {
  await stopShop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('npm run admin:create on PGlite', () => {
  it('refuses in French while the shop runs, and changes nothing', async () => {
    await startShop();
    const result = await adminCreate({ DATA_DIR: dataDir }, NEW_PASSWORD);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/la boutique tourne \(processus \d+\) sur la base PGlite de .* : rien n’a été changé\. Arrêtez-la/);
    expect(await signIn(OWNER.password)).toBe(200);
    expect(await signIn(NEW_PASSWORD)).toBe(401);
    // npm run doctor does not open the directory either; it says who holds it.
    const doctor = await run('server/dist/bin/doctor-cli.js', [], { DATA_DIR: dataDir });
    expect(doctor.stdout).toMatch(/✓ Base PGlite ouverte par la boutique en marche \(processus \d+\)/);
    expect(await signIn(OWNER.password)).toBe(200);
  }, 120_000);

  it('refuses a directory without a shop instead of making a new empty one', async () => {
    const elsewhere = `${dataDir}-ailleurs`;
    const result = await adminCreate({ DATA_DIR: elsewhere }, NEW_PASSWORD);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`aucune boutique dans ${elsewhere} : donnez le DATA_DIR du serveur`);
    expect(fs.existsSync(elsewhere)).toBe(false);
  }, 60_000);

  it('resets the password once the shop is stopped; the shop lets the owner in with it at its next start', async () => {
    await stopShop();
    const result = await adminCreate({ DATA_DIR: dataDir }, NEW_PASSWORD);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Mot de passe réinitialisé pour ${OWNER.email} (sessions fermées ; base PGlite ${dataDir}).`);
    await startShop();
    expect(await signIn(NEW_PASSWORD)).toBe(200);
    expect(await signIn(OWNER.password)).toBe(401);
  }, 120_000);
});
