import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { today } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesJournal } from '../../server/src/books/journal';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { newProduct } from '../support/app';
import { screenshot } from './admin/screens';
import { accessibilityProblems } from './axe';
import { expectNoErrors, signIn } from './admin/session';

// Comptabilité from the owner's phone (issue 60): the month's journal and VAT, and its export.

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('Comptabilité at phone width', () => {
  it('shows the month’s journal and VAT, fits the screen, passes axe, and exports the journal', async () => {
    // A sale of today: paid online.
    const lamp = await newProduct(app, 'Lampe', 11_800, 5);
    const order = (await app.asVisitor.orders.place({
      customerName: 'Compta Mobile',
      phone: '01 96 00 11 22',
      city: 'Cotonou',
      address: 'Cadjèhoun',
      items: [{ id: lamp.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    } as never)) as { id: string; number: string };
    await app.asAdmin.orders.setPayment({ id: order.id, to: 'paid' });
    const from = `${today().slice(0, 7)}-01`;
    const last = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)), 0)).toISOString().slice(0, 10);

    const phone = await app.newPage(PHONE);
    await signIn(phone, '/admin/comptabilite');
    await phone.getByRole('heading', { name: 'Comptabilité' }).waitFor();
    await phone.getByText('TVA collectée à déclarer').waitFor();
    await phone
      .getByText(`· ${order.number}`, { exact: false })
      .or(phone.getByText(/Ventes en ligne du/).first())
      .first()
      .waitFor();
    await phone.getByText(/: équilibré\./).waitFor();
    // The twelve months' result, and its PDF for the banker.
    await phone.getByText(/coût d’achat connu pour \d+ %/).waitFor();
    const pdf = await phone.getByRole('link', { name: /PDF/ }).getAttribute('href');
    const answer = await phone.request.get(pdf!);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await accessibilityProblems(phone, { within: 'main' })).toEqual([]);
    await screenshot(phone, 'books-360', true);

    const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('button', { name: 'Journal en CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^journal-comptable-${from}-${last}(-provisoire)?\\.csv$`));
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Date";"Journal";"Compte";"Libellé";"Pièce";"Débit";"Crédit"');
    const journal = await salesJournal(app.db, { from, to: last, grouping: 'day' });
    expect(lines.length - 1).toBe(journal.entries.reduce((n, e) => n + e.lines.length, 0));
    expect(lines.some((l) => l.includes('"4431"'))).toBe(true);
    expectNoErrors(app.errors);
    await phone.close();
  });
});
