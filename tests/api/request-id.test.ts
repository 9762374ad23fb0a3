import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { startSmtpStandIn } from '../support/smtp-stand-in';
import { until } from '../support/until';

// Issue 61: a request's id is on its answer, on the server's JSON log lines, and on the outbox rows
// it wrote, so the mail that fails an hour later is logged with the id of the checkout that queued it.

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let app: TestApp;
const logs: Record<string, unknown>[] = [];
beforeAll(async () => {
  smtp = await startSmtpStandIn(); // refusing (451) until accept()
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    logs.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    ),
  );
  app = await startTestApp({ demo: true, env: { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', OUTBOX_RETRY_SECONDS: '60' }, logStream: stream });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a request id', () => {
  it('goes from the proxy’s header to the answer, the outbox rows and the worker’s log lines', async () => {
    const product = ((await app.asVisitor.products.list({ pageSize: 20 })).rows as { id: string; stock: number | null }[]).find(
      (p) => p.stock === null || p.stock > 2,
    )!;
    const place = (headers: Record<string, string>) =>
      fetch(`${app.url}/trpc/orders.place`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          customerName: 'Awa Trace',
          phone: '01 97 55 44 33',
          email: 'awa.trace@example.com',
          city: 'Cotonou',
          address: 'Akpakpa',
          items: [{ id: product.id, type: 'product', quantity: 1 }],
          idempotencyKey: randomUUID(),
        }),
      });
    const given = 'caddy-2026-essai-0001';
    const placed = await place({ 'x-request-id': given });
    expect(placed.status).toBe(200);
    expect(placed.headers.get('x-request-id')).toBe(given);
    const rows = await app.db.selectFrom('outbox').select(['id', 'channel', 'requestId']).where('requestId', '=', given).execute();
    expect(rows.length).toBeGreaterThan(0);
    // The mail server refuses: the worker's line about each row says which request wrote it.
    const failed = await until('the worker’s line', () =>
      logs.find((l) => l.requestId === given && String(l.msg).startsWith('envoi en échec') && rows.some((r) => r.id === l.outboxId)),
    );
    expect(failed).toMatchObject({ level: 40, channel: 'mail' });

    // An id that does not look like one (too long, odd characters), or none: a new UUID, each its own.
    for (const headers of [{ 'x-request-id': `<script>${'x'.repeat(80)}` }, {}] as Record<string, string>[]) {
      const answer = await place(headers);
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
      expect(answer.headers.get('x-request-id')).not.toBe(given);
    }
    // Fastify's own label is replaced by this one on every line.
    expect(logs.every((l) => !('reqId' in l))).toBe(true);
  });
});
