import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, startTestApp, type TestApp } from '../support/app';

// The newsletter's subscribers as a file for French Excel, written by the server a page at a time
// (the orders export: orders-lifecycle.test.ts).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const download = async (query: string, cookie?: string, encodings?: string) => {
  const response = await fetch(`${app.url}/api/exports/newsletter.csv${query}`, {
    headers: { cookie: cookie ?? (await adminCookie(app.url)), ...(encodings ? { 'accept-encoding': encodings } : {}) },
  });
  return { response, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
};

describe('newsletter export', () => {
  it('holds every subscriber the list search shows, past any page size, with the count first', async () => {
    for (let i = 0; i < 120; i++) await app.asAdmin.newsletterSubscribers.create({ email: `lecteur${i}@cotonou.example` });
    await app.asAdmin.newsletterSubscribers.create({ email: 'autre@parakou.example' });
    // The newest by a clear margin: PGlite's clock can give two quick inserts the same millisecond.
    await app.db
      .updateTable('newsletterSubscribers')
      .set({ createdAt: sql<string>`now() + interval '1 minute'` })
      .where('email', '=', 'autre@parakou.example')
      .execute();

    const all = await download('');
    expect(all.response.headers.get('content-disposition')).toMatch(/^attachment; filename="abonnes-newsletter-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(all.text.startsWith('\uFEFF"E-mail";"Inscrit le"\r\n')).toBe(true);
    const lines = all.text.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(121);
    expect(Number(all.response.headers.get('x-count'))).toBe(121);
    expect(lines[0]).toMatch(/^"autre@parakou\.example";"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/); // newest first

    // As a browser asks for it: streamed in brotli (a window of 256 KB, app.ts), the same file.
    const browser = await download('', undefined, 'gzip, deflate, br, zstd');
    expect(browser.response.headers.get('content-encoding')).toBe('br');
    expect(browser.text).toBe(all.text);

    const found = await download('?search=COTONOU');
    expect(found.text.trim().split('\r\n').slice(1)).toHaveLength(120);
    expect(found.text).not.toContain('parakou');

    const stranger = await download('', 'boutique_session=inconnu');
    expect(stranger.response.status).toBe(401);
    expect(JSON.parse(stranger.text).error.message).toBe('Veuillez vous connecter pour exporter les abonnés.');
  });
});
