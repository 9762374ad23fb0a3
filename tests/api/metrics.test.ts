import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connectionsOf } from '../../server/src/db/index';
import { startTestApp, type TestApp } from '../support/app';
import { until } from '../support/until';

// /metrics (issue 61): off without METRICS_TOKEN; with it, only for the bearer of the token; in
// Prometheus' text format, this server's requests and cache, and the shop's outbox, invoices and backups.

const TOKEN = 'jeton-metriques-tres-long-0123456789';
let app: TestApp;
let off: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  off = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await off?.close();
});

const scrape = (url: string, authorization?: string) => fetch(`${url}/metrics`, { headers: authorization ? { authorization } : {} });
/** One sample's value: the line `name{labels} value`. */
const sample = (text: string, name: string, labels = '') =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name}${labels ? `{${labels}}` : ''} `))
      ?.split(' ')
      .at(-1),
  );

describe('/metrics', () => {
  it('is off without a token, and refuses a wrong one', async () => {
    expect((await scrape(off.url, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await scrape(app.url)).status).toBe(401);
    expect((await scrape(app.url, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(app.url, TOKEN)).status).toBe(401);
  });

  it('counts requests by route and status, the cache’s answers, and reads the outbox, invoices and backups', async () => {
    for (let i = 0; i < 3; i++) await fetch(`${app.url}/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 2 }))}`);
    await fetch(`${app.url}/nulle-part/${'x'.repeat(5)}.png`);
    // A mail that failed two hours ago, and one due ten minutes ago that a stuck server holds.
    await sql`INSERT INTO outbox (channel, recipient, subject, payload, status, created_at, next_attempt_at, locked_until)
      VALUES ('mail', 'a@example.com', 'Échec', '{"to":"a@example.com","subject":"x","text":"x"}', 'failed', now() - interval '2 hours', now(), NULL),
             ('mail', 'b@example.com', 'En attente', '{"to":"b@example.com","subject":"x","text":"x"}', 'pending', now() - interval '10 minutes',
              now() - interval '10 minutes', now() + interval '1 day')`.execute(app.db);
    await sql`INSERT INTO backups (file, bytes, created_at) VALUES ('sauvegarde.tar.gz', 123456, '2026-11-28T03:00:00Z')`.execute(app.db);
    const res = await scrape(app.url, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(
      sample(text, 'shop_http_request_duration_seconds_count', 'route="/trpc/:path",method="GET",status="200"'),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/shop_http_request_duration_seconds_count\{route="[^"]*",method="GET",status="404"\} [1-9]/);
    expect(sample(text, 'shop_public_cache_total', 'result="hit"')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'shop_outbox_messages', 'channel="mail",status="failed"')).toBe(1);
    expect(sample(text, 'shop_outbox_oldest_waiting_seconds', 'channel="mail"')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'shop_backup_last_success_timestamp_seconds')).toBe(Date.parse('2026-11-28T03:00:00Z') / 1000);
    expect(sample(text, 'shop_backup_last_success_bytes')).toBe(123456);
    expect(text).toContain('shop_nodejs_eventloop_lag_seconds');
    expect(text).toContain('shop_process_resident_memory_bytes');
    // Nothing readable about customers or tables' rows.
    expect(text).not.toContain('@example.com');
    // (On PGlite the scrape's own reads may wait for its one connection: a count, not necessarily 0.)
    expect(text).toMatch(/^shop_database_connections\{state="waiting"\} \d+$/m);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('counts the database connections in use', async () => {
    // A transaction holds one connection (on PGlite, its only one would hold the scrape as well).
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const work = app.db.transaction().execute(async (tx) => {
      await sql`SELECT 1`.execute(tx);
      await held;
    });
    try {
      await until('a connection held', () => connectionsOf(app.db).inUse >= 1);
      const text = await (await scrape(app.url, `Bearer ${TOKEN}`)).text();
      expect(sample(text, 'shop_database_connections', 'state="in_use"')).toBeGreaterThanOrEqual(1);
    } finally {
      free();
      await work;
    }
    await until('given back', () => connectionsOf(app.db).inUse === 0);
  });
});
