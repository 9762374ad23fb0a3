import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { courseSessions, formatXOF, orderStatuses, resources, today } from '@app/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { FormPage } from './admin/form-page';
import { accessibilityProblems } from './axe';
import { menuItem } from './admin/list-page';
import { screenshot } from './admin/screens';
import { expectNoErrors, expectNotification, signIn } from './admin/session';

// The admin at phone width, and the sales charts (the desktop screens: admin-screens.test.ts).
let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

describe('at phone width', () => {
  it('the menu is an overlay that closes after a choice', async () => {
    const phone = await app.newPage(PHONE);
    await signIn(phone, '/admin/products');
    const menu = phone.getByRole('navigation', { name: 'Menu principal' });
    expect(await menu.isVisible()).toBe(false);
    await screenshot(phone, 'products-360');
    await phone.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await menu.waitFor();
    // Let the drawer finish sliding in before the picture.
    await phone
      .locator('.ant-drawer')
      .first()
      .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await screenshot(phone, 'menu-360');
    await menuItem(phone, 'Comptes vérifiés').click();
    await phone.waitForURL((url) => url.pathname === '/admin/verification');
    await menu.waitFor({ state: 'hidden' });
    await screenshot(phone, 'verification-list-360');
    await phone.goto('/admin/blog/add');
    await phone.locator('#title').waitFor();
    await screenshot(phone, 'blog-form-360', true);
    // The nights' backups, seen from the phone: the file, its size, or why it failed.
    await app.db
      .insertInto('backups')
      .values([
        { file: 'boutique-2026-11-26_03-00-00.dump', bytes: 12_600_000, createdAt: '2026-11-26T02:00:00Z' },
        { error: 'pg_dump : connexion refusée', createdAt: '2026-11-27T02:00:00Z' },
      ])
      .execute();
    await phone.goto('/admin');
    await phone.getByText('Nouvelles commandes').waitFor();
    const backups = phone.locator('.ant-card').filter({ has: phone.getByRole('heading', { name: 'Sauvegardes' }) });
    await backups.getByText('27/11/2026 à 03:00').waitFor();
    expect(await backups.innerText()).toMatch(/Échec[\s\S]*pg_dump : connexion refusée[\s\S]*26\/11\/2026 à 03:00[\s\S]*12,0 Mo/);
    await screenshot(phone, 'dashboard-360', true);
    expectNoErrors(app.errors);
  });

  it('every list is cards with their actions in view, no sideways scroll, and the search runs as you type', async () => {
    // Every list has a card to look at, whatever ran before: a subscriber, a message (which
    // also puts the owner's alert in "Envois"), a day of the cash drawer, a letter.
    await app.asVisitor.newsletterSubscribers.subscribe({ email: `carte-${randomUUID().slice(0, 6)}@exemple.example` });
    await app.asVisitor.contactMessages.send({ name: 'Carte', contact: 'carte@exemple.example', subject: 'Liste', message: 'Bonjour.' });
    // A return (the demo has none): an article of a counter sale brought back.
    const goods = (await app.asAdmin.orders.counterCatalogue({})).items!.find((i) => i.type === 'product' && i.stock !== 0)!;
    const { order: sold } = (await app.asAdmin.orders.sellAtCounter({
      idempotencyKey: randomUUID(),
      items: [{ id: goods.id, type: 'product', quantity: 1 }],
      payment: { method: 'mobile_money', reference: 'MM-CARTE' },
    } as never)) as { order: { id: string } };
    await app.asAdmin.returns.make({
      orderId: sold.id,
      lines: [{ id: goods.id, type: 'product', quantity: 1, state: 'restocked' }],
      reason: 'not_suitable',
      refundMethod: 'mobile_money',
      reference: 'RET-CARTE',
      idempotencyKey: randomUUID(),
    });
    // A customer's return request (the demo allows 7 days), from a web order paid and delivered.
    const web = (await app.asVisitor.orders.place({
      customerName: 'Carte Retour',
      phone: '01 97 55 44 33',
      city: 'Cotonou',
      address: 'Akpakpa',
      items: [{ id: goods.id, type: 'product', quantity: 1 }],
      idempotencyKey: randomUUID(),
    } as never)) as { id: string; trackingToken: string };
    await app.asAdmin.orders.setPayment({ id: web.id, to: 'paid' });
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) await app.asAdmin.orders.transition({ id: web.id, to });
    const asked = new FormData();
    asked.set('lines', JSON.stringify([{ id: goods.id, type: 'product', quantity: 1 }]));
    asked.set('reason', 'defective');
    expect((await fetch(`${app.url}/api/suivi/${web.trackingToken}/retour`, { method: 'POST', body: asked })).status).toBe(200);
    // A closed day of the cash drawer.
    if (!(await app.asAdmin.cashSessions.current())) await app.asAdmin.cashSessions.open({ openingFloat: 10_000 });
    await app.asAdmin.cashSessions.close({ countedCash: 10_000, countedMobileMoney: 0 });
    // A letter to the newsletter (the demo has none).
    await app.asAdmin.newsletters.create({ subject: `Lettre ${randomUUID().slice(0, 6)}`, body: '<p>Bonjour.</p>' });
    // A purchase order (the demo has none) to one of its suppliers.
    const supplier = (await app.asAdmin.suppliers.list({ pageSize: 1 })).rows[0]!;
    await app.asAdmin.purchaseOrders.create({ supplier: supplier.id });
    await app.asAdmin.stockCounts.create({ name: 'Inventaire de fin d’année' } as never);
    const phone = await app.newPage(PHONE);
    await signIn(phone, '/admin/products');
    for (const resource of resources.filter((r) => !r.singleton)) {
      // Through the menu, as the owner goes from one list to the next on her phone (no reload).
      await phone.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await menuItem(phone, resource.admin.menuLabel).click();
      await phone.waitForURL((url) => url.pathname === `/admin/${resource.admin.route}`);
      await phone.getByRole('heading', { name: resource.label.plural, level: 1 }).waitFor();
      const card = phone.getByTestId('record-card').first();
      await card.waitFor();
      expect(await phone.locator('.ant-table').count(), resource.name).toBe(0);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, resource.name).toBeLessThanOrEqual(0);
      for (const button of await card.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, `${resource.name}: ${await button.textContent()}`).toBeLessThanOrEqual(PHONE.width);
        expect(box.height, resource.name).toBeGreaterThanOrEqual(32);
      }
    }
    await phone.goto('/admin/products');
    await screenshot(phone, 'products-cards-360', true);
    // The hand-made screens fit too: an order and a verification request.
    const order = (await app.asAdmin.orders.list({ pageSize: 1 })).rows[0]!;
    const request = (await app.asAdmin.cryptoVerifications.list({ pageSize: 1 })).rows[0]!;
    for (const path of [`/admin/orders/${order.id}`, `/admin/verifications/${request.id}`]) {
      await phone.goto(path);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    }
    // The order's lines are read without a sideways swipe: one line each, no table.
    await phone.goto(`/admin/orders/${order.id}`);
    const articles = phone.locator('.ant-card').filter({ has: phone.getByText('Articles', { exact: true }) });
    await articles
      .getByText(/^\d+ × /)
      .first()
      .waitFor();
    expect(await articles.locator('.ant-table').count()).toBe(0);
    // The customer's receipt, one tap from the order (not only inside the e-MECeF card).
    const receipt = phone.getByRole('link', { name: /Reçu ou facture \(PDF\)/ });
    expect(await receipt.getAttribute('href')).toMatch(/^\/suivi\/[0-9a-f]{64}\/recu\.pdf$/);
    const pdf = await phone.request.get(`${app.url}${await receipt.getAttribute('href')}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await screenshot(phone, 'verification-detail-360', true);
    await phone.goto('/admin/products');

    // Typing is enough: the list follows, and the address keeps the search for a reload or a share.
    await app.asAdmin.products.create({
      name: 'Gourde isotherme Wéké',
      shortDescription: 'Inox',
      description: '<p>Gourde</p>',
      price: 7_500,
      category: 'accessories',
    });
    await phone.getByLabel('Rechercher', { exact: true }).pressSequentially('WEKE', { delay: 80 });
    await phone.waitForURL((url) => url.searchParams.get('q') === 'WEKE');
    // The list asks the server as typing pauses: on a busy machine that answer takes a few seconds.
    await expect.poll(() => phone.getByTestId('record-card').count(), { timeout: 10_000 }).toBe(1);
    expect(await phone.getByTestId('record-card').locator('strong').textContent()).toBe('Gourde isotherme Wéké');
    await phone.reload();
    expect(await phone.getByLabel('Rechercher', { exact: true }).inputValue()).toBe('WEKE');
    await expect.poll(() => phone.getByTestId('record-card').count(), { timeout: 10_000 }).toBe(1);
    // The menu's entry for this same list opens it whole again: the address, the box and the list agree.
    await phone.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await menuItem(phone, 'Produits').click();
    await phone.waitForURL((url) => url.pathname === '/admin/products' && !url.searchParams.has('q'));
    await expect.poll(() => phone.getByLabel('Rechercher', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => phone.getByTestId('record-card').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    expectNoErrors(app.errors);
    await phone.close();
  });

  it('orders export: two French date pickers that fit the phone, and the file of the days chosen', async () => {
    const phone = await app.newPage(PHONE);
    await signIn(phone, '/admin/orders');
    await phone.getByRole('button', { name: 'Exporter en CSV' }).click();
    await phone.getByLabel('Du').click();
    const panel = phone.locator('.ant-picker-dropdown:visible .ant-picker-panel-container');
    await panel.waitFor();
    // Monday first, French day and month names, "Aujourd’hui".
    await expect.poll(async () => (await panel.locator('thead th').allInnerTexts()).join(' ')).toBe('lu ma me je ve sa di');
    expect(await panel.innerText()).toMatch(/Aujourd.hui/);
    await expect
      .poll(async () => {
        const box = (await panel.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The panel shows the month of the default start (30 days ago): its first day, then the download
    // carries the days chosen.
    await panel.locator('.ant-picker-cell-in-view').first().click();
    // Days are Benin's (the browser here runs on UTC: just after midnight in Cotonou, a day behind).
    const first = dayjs(today()).subtract(30, 'day').startOf('month').format('YYYY-MM-DD');
    const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('button', { name: 'Télécharger' }).click()]);
    expect(download.suggestedFilename()).toBe(`commandes-${first}-${today()}.csv`);
    expect(fs.readFileSync(await download.path(), 'utf8')).toContain('CMD-');
    await phone.close();
  });

  it('forgot password says in French what happens', async () => {
    const phone = await app.newPage(PHONE);
    await phone.goto('/admin/login');
    await phone.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await phone.getByLabel('E-mail').fill(ADMIN.email);
    await phone.getByRole('button', { name: 'Envoyer le lien' }).click();
    await phone
      .getByText(/réinitialisation|e-mail contenant un lien/)
      .first()
      .waitFor();
    await screenshot(phone, 'forgot-password-360');
  });

  it('says and takes times on the shop’s clock, whatever the device’s', async () => {
    // A device 13 hours behind Benin (UTC-12): its clock is on another day half the time.
    const page = await app.newPage(undefined, { timezoneId: 'Etc/GMT+12' });
    const {
      rows: [order],
    } = await sql<{ id: string; placed: string }>`
      SELECT id, to_char(created_at AT TIME ZONE 'Africa/Porto-Novo', 'DD/MM/YYYY HH24:MI') AS placed
      FROM orders ORDER BY created_at DESC LIMIT 1`.execute(app.db);
    await signIn(page, `/admin/orders/${order!.id}`);
    const placed = page.locator('.ant-descriptions-item').filter({ hasText: 'Passée le' });
    await expect.poll(() => placed.textContent()).toBe(`Passée le${order!.placed}`);

    // A session at 09:00 in Cotonou reads 09:00 in its form, and a time typed there is Cotonou's.
    const course = (await app.asAdmin.cryptoCourses.list({ pageSize: 1 })).rows[0]!;
    const session = (await app.asAdmin.courseSessions.create({
      course: String(course.id),
      startsAt: '2027-03-10T08:00:00.000Z',
      place: 'Cotonou, Ganhi',
      seats: 8,
    })) as { id: string };
    await page.goto(`/admin/sessions/${session.id}`);
    const form = new FormPage(page, courseSessions);
    await expect.poll(() => page.locator('#startsAt').inputValue(), { timeout: 10_000 }).toBe('10/03/2027 09:00');
    await form.fill('startsAt', '11/03/2027 10:30');
    await form.submit();
    await expectNotification(page, /mise? à jour/);
    expect(((await app.asAdmin.courseSessions.get({ id: session.id })) as { startsAt: string }).startsAt).toBe('2027-03-11T09:30:00.000Z');
    expectNoErrors(app.errors);
    await page.close();
  });
});

describe('the sales charts', () => {
  /** The rows of one of the charts' tables, as a screen reader reads them. */
  const tableRows = (p: Page, caption: string) =>
    p
      .locator('#ventes table')
      .filter({ has: p.locator('caption', { hasText: caption }) })
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));

  it('are drawn at 360 and 1280 px, fit the screen, pass axe, and say what SQL says of the same orders', async () => {
    // The last 30 days of Benin, as the chart's default period, computed here without the app's code:
    // the sales, less what returns gave back (on the day of each return).
    const { rows: days } = await sql<{ day: string; revenue: string }>`
      SELECT day, sum(amount) AS revenue FROM (
        SELECT to_char((created_at AT TIME ZONE 'Africa/Porto-Novo')::date, 'DD/MM') AS day, total AS amount FROM orders
        WHERE status <> 'cancelled' AND payment_status NOT IN ('to_refund', 'refunded') AND (status = 'delivered' OR payment_status = 'paid')
          AND (created_at AT TIME ZONE 'Africa/Porto-Novo')::date > (now() AT TIME ZONE 'Africa/Porto-Novo')::date - 30
        UNION ALL
        SELECT to_char((created_at AT TIME ZONE 'Africa/Porto-Novo')::date, 'DD/MM'), -amount FROM returns
        WHERE (created_at AT TIME ZONE 'Africa/Porto-Novo')::date > (now() AT TIME ZONE 'Africa/Porto-Novo')::date - 30
      ) sold GROUP BY 1 HAVING sum(amount) <> 0`.execute(app.db);
    const { rows: statuses } = await sql<{ status: string; n: string }>`
      SELECT status, count(*) AS n FROM orders
      WHERE (created_at AT TIME ZONE 'Africa/Porto-Novo')::date > (now() AT TIME ZONE 'Africa/Porto-Novo')::date - 30
      GROUP BY status`.execute(app.db);
    // The gross margin of those sales: each product line's revenue less its cost when sold, where it had one.
    const { rows: margins } = await sql<{ margin: string }>`
      SELECT coalesce(sum((l->>'unitPrice')::numeric * (l->>'quantity')::int - coalesce((l->>'discount')::numeric, 0)
                          - (o.line_costs->>(l->>'id'))::numeric * (l->>'quantity')::int), 0) AS margin
      FROM orders o, jsonb_array_elements(o.items) l
      WHERE status <> 'cancelled' AND payment_status NOT IN ('to_refund', 'refunded') AND (status = 'delivered' OR payment_status = 'paid')
        AND (created_at AT TIME ZONE 'Africa/Porto-Novo')::date > (now() AT TIME ZONE 'Africa/Porto-Novo')::date - 30
        AND l->>'type' = 'product' AND o.line_costs ? (l->>'id')`.execute(app.db);
    // What returned articles of known cost took off that margin: what they gave back, less their cost.
    const { rows: returned } = await sql<{ margin: string }>`
      SELECT coalesce(sum((l->>'refund')::numeric - (o.line_costs->>(l->>'id'))::numeric * (l->>'quantity')::int), 0) AS margin
      FROM returns r JOIN orders o ON o.id = r.sale, jsonb_array_elements(r.lines) l
      WHERE (r.created_at AT TIME ZONE 'Africa/Porto-Novo')::date > (now() AT TIME ZONE 'Africa/Porto-Novo')::date - 30
        AND l->>'type' = 'product' AND o.line_costs ? (l->>'id')`.execute(app.db);
    expect(days.length).toBeGreaterThan(0);
    const revenue = days.reduce((sum, d) => sum + Number(d.revenue), 0);
    const margin = Number(margins[0]!.margin) - Number(returned[0]!.margin);
    expect(margin).toBeGreaterThan(0);

    // Two devices whose clocks are far from Benin's (UTC-12 and UTC+14): at any hour one of them is
    // on another day than the shop, whose days the charts count.
    for (const [width, height, timezoneId] of [
      [360, 740, 'Etc/GMT+12'],
      [1280, 860, 'Etc/GMT-14'],
    ] as const) {
      const p = await app.newPage({ width, height }, { timezoneId });
      await signIn(p, '/admin');
      await p.locator('#ventes').scrollIntoViewIfNeeded();
      // Revenue, best sellers, margin by category, statuses, payment methods, channels.
      await expect.poll(() => p.locator('#ventes [data-testid=chart] canvas').count(), { timeout: 20_000 }).toBe(6);
      const sales = await tableRows(p, 'Chiffre d’affaires par jour');
      expect(sales).toHaveLength(30);
      const drawn = Object.fromEntries(sales.filter((r) => r[1] !== formatXOF(0)).map((r) => [r[0], r[1]]));
      expect(drawn).toEqual(Object.fromEntries(days.map((d) => [d.day, formatXOF(Number(d.revenue))])));
      const squeeze = (text: string) => text.replace(/\s/g, '');
      expect(squeeze(await p.locator('#ventes .ant-statistic').first().innerText())).toBe(
        squeeze(`Chiffre d’affaires${formatXOF(revenue)}`),
      );
      expect(squeeze(await p.locator('#ventes .ant-statistic').nth(4).innerText())).toBe(squeeze(`Marge brute${formatXOF(margin)}`));
      const byStatus = Object.fromEntries((await tableRows(p, 'Commandes par statut')).map(([label, n]) => [label, Number(n)]));
      for (const [status, label] of Object.entries(orderStatuses)) {
        expect(byStatus[label]).toBe(Number(statuses.find((s) => s.status === status)?.n ?? 0));
      }
      // Every sale of these orders was made online.
      const byChannel = Object.fromEntries((await tableRows(p, 'Ventes par canal')).map(([label, , amount]) => [label, amount]));
      expect(byChannel).toEqual({ 'Boutique en ligne': formatXOF(revenue), Comptoir: formatXOF(0) });
      expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await accessibilityProblems(p, { within: '#ventes' })).toEqual([]);
      await screenshot(p, `dashboard-sales-${width}`, true);
      if (width === 1280) {
        // By month: one or two points (the period may straddle two months), the same total.
        await p.locator('#ventes').getByText('Mois', { exact: true }).click();
        await expect.poll(async () => (await tableRows(p, 'Chiffre d’affaires par mois')).length, { timeout: 10_000 }).toBeGreaterThan(0);
        const months = await tableRows(p, 'Chiffre d’affaires par mois');
        expect(months.length).toBeLessThanOrEqual(2);
      }
      await p.close();
    }
  });
});
