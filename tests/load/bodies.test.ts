import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, startTestApp, type TestApp } from '../support/app';
import { CHILD_HELPERS, runInChild } from '../support/child';

// One anonymous connection sending 1 MB bodies used to freeze the server for 2-3 s each:
// the body was read and walked in full before its size or its caller's access was checked.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
});
afterAll(() => app?.close());

interface Flood {
  answers: { target: string; chunked: boolean; status: number; body: string }[];
  latencies: number[];
}

/** For `seconds`, each second: 1 MB to a public and to an admin mutation, with Content-Length and chunked, while a shopper reads. */
const flood = (url: string, seconds: number) =>
  runInChild<Flood>(
    `${CHILD_HELPERS}
    const [url, seconds] = [process.argv[1], Number(process.argv[2])];
    const body = JSON.stringify(Array.from({ length: 250000 }, (_, i) => i % 10));
    const send = (target, chunked) => new Promise((resolve) => {
      const headers = { 'content-type': 'application/json' };
      if (!chunked) headers['content-length'] = Buffer.byteLength(body);
      const req = http.request(url + '/trpc/' + target, { method: 'POST', agent: false, headers }, (res) => {
        let text = ''; res.setEncoding('utf8'); res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ target, chunked, status: res.statusCode, body: text }));
      });
      // The server may close the connection before reading it all: that is the point.
      req.on('error', (e) => resolve({ target, chunked, status: 0, body: e.message }));
      if (chunked) { for (let i = 0; i < body.length; i += 65536) req.write(body.slice(i, i + 65536)); req.end(); }
      else req.end(body);
    });
    (async () => {
      const until = performance.now() + seconds * 1000;
      const reads = readLoop(url + '/trpc/products.list?input=' + encodeURIComponent('{"pageSize":20}'), until, 100);
      const answers = [];
      while (performance.now() < until) {
        const tick = performance.now();
        for (const target of ['orders.place', 'products.create'])
          for (const chunked of [false, true]) answers.push(await send(target, chunked));
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - tick))));
      }
      process.stdout.write(JSON.stringify({ answers, latencies: await reads }));
    })().catch((e) => { console.error(e); process.exit(1); });`,
    [url, String(seconds)],
  );

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;

// Refused before any database work: the PostgreSQL run would repeat the PGlite run's figures.
describe.skipIf(process.env.TEST_DATABASE_URL)('1 MB bodies from one anonymous connection', () => {
  it('are refused unread while cached reads stay fast', async () => {
    await fetch(`${app.url}/trpc/products.list?input=${encodeURIComponent('{"pageSize":20}')}`); // warm the cache
    // Ten seconds of it (forty 1 MB bodies, a read every 100 ms): long enough for a backlog to show.
    const { answers, latencies } = await flood(app.url, 10);
    expect(answers.length).toBeGreaterThanOrEqual(20);
    for (const a of answers) {
      // A public mutation: too large. An admin one: nobody signed in, refused before its body is read.
      // A reset connection (status 0) means the server stopped reading, which is also a refusal.
      if (a.status === 0) continue;
      if (a.target === 'orders.place') {
        expect(a.status, JSON.stringify(a)).toBe(413);
        expect(a.body).toContain('Envoi trop volumineux.');
      } else {
        expect(a.status, JSON.stringify(a)).toBe(401);
        expect(a.body).toContain('Veuillez vous connecter');
      }
    }
    expect(answers.filter((a) => a.status !== 0).length).toBeGreaterThan(answers.length / 2);
    expect(percentile(latencies, 95), `p95 of ${latencies.length} reads`).toBeLessThanOrEqual(200);
  }, 60_000);

  it('counts the bytes of a chunked body, and gives the signed-in owner a larger budget', async () => {
    const cookie = await adminCookie(app.url);
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${app.url}/trpc/contactMessages.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        // A stream has no length: fetch sends it chunked.
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit);
    const big = JSON.stringify({ name: 'x'.repeat(40_000) });
    const anonymous = await post(big, {});
    expect(anonymous.status).toBe(413);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe('Envoi trop volumineux.');
    // The owner's 40 kB body is read and validated: refused for its content, not its size.
    const owner = await post(big, { cookie });
    expect(owner.status).toBe(400);
  });

  it('refuses an input with too many values before walking it', async () => {
    const cookie = await adminCookie(app.url);
    const response = await fetch(`${app.url}/trpc/products.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(Array.from({ length: 100_000 }, () => 1)),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('Envoi trop complexe.');
  });
});
