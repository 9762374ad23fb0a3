import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, DESKTOP, PHONE, startBrowserApp } from '../support/browser';
import { signIn } from './admin/session';
import { accessibilityProblems } from './axe';
import { toast } from './storefront/app';
import { open, overflows } from './storefront/browser';

// A training session from the shopper's side and the owner's: the last seat booked at 360 px, the
// next shopper refused in French, the seat freed by a cancellation, the participants in the admin.

let app: BrowserApp;
let course: { id: string; title: string };
let session: { id: string };
beforeAll(async () => {
  app = await startBrowserApp();
  course = (await app.asAdmin.cryptoCourses.create({
    title: `Atelier portefeuille ${randomUUID().slice(0, 4)}`,
    duration: '1 journée',
    price: 15_000,
    description: 'Un atelier pratique en petit groupe.',
    image: '/media/demo/formation-debutant.svg',
  })) as { id: string; title: string };
  const start = new Date(Date.now() + 12 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  session = (await app.asAdmin.courseSessions.create({
    course: course.id,
    startsAt: start.toISOString(),
    place: 'Cotonou, Ganhi',
    seats: 1,
  })) as { id: string };
});
afterAll(() => app?.close());

/** The training's card on the courses page. */
const card = (page: Page) => page.locator('article').filter({ hasText: course.title });

async function checkout(page: Page, name: string, phone: string) {
  await open(page, '/checkout');
  await page.getByLabel('Nom complet').fill(name);
  await page.getByLabel('Téléphone').fill(phone);
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
}

describe('a training session', () => {
  let first: string;

  it('is booked on its last seat from the courses page at 360 px; the next shopper is refused in French', async () => {
    // The second shopper put the same session in their cart while a seat was still free.
    const late = await app.newPage(PHONE);
    await open(late, '/crypto-courses');
    await card(late).getByText('1 place restante').waitFor();
    await card(late).getByRole('button', { name: "S'inscrire" }).click();

    const page = await app.newPage(PHONE);
    await open(page, '/crypto-courses');
    const sessions = card(page).getByRole('group', { name: 'Prochaines sessions' });
    await sessions.getByText('Cotonou, Ganhi').waitFor();
    expect(await sessions.getByRole('radio').first().isChecked()).toBe(true);
    await card(page).getByRole('button', { name: "S'inscrire" }).click();
    await open(page, '/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: course.title });
    expect(await line.getByRole('radio', { name: /Cotonou, Ganhi/ }).isChecked()).toBe(true);
    expect(await overflows(page)).toBe(false);
    await checkout(page, 'Mariam Adjovi', '01 95 11 22 33');
    await page.waitForURL(/\/order\/CMD-\d+$/);
    first = (await page.getByTestId('order-number').textContent())!;
    expect(await page.locator('main').textContent()).toMatch(new RegExp(`1 × ${course.title} \\(session du .+ à 09:00, Cotonou, Ganhi\\)`));

    await checkout(late, 'Koffi Tardif', '01 95 44 55 66');
    await toast(late, `Plus aucune place pour « ${course.title}`);
    // The cart says the session is full, and the order waits for another choice.
    await open(late, '/cart');
    await late.getByText('Complet').waitFor();
    await late.getByText(/Il ne reste que 0 place/).waitFor();
    // The courses page says it too: nobody else can pick it.
    await open(late, '/crypto-courses');
    await card(late).getByRole('button', { name: 'Sessions complètes' }).waitFor();
    expect(await card(late).getByRole('button', { name: 'Sessions complètes' }).isDisabled()).toBe(true);
    await late.close();
    await page.close();
  });

  it('is freed when the owner cancels the order, and shows its participants to the owner at 360 and 1280 px', async () => {
    const owner = await app.newPage(PHONE);
    await signIn(owner, `/admin/sessions/${session.id}`);
    const participants = owner.locator('.ant-card').filter({ hasText: 'Participants' });
    await participants.getByText('Mariam Adjovi · 1 place').waitFor();
    expect(await participants.textContent()).toContain('01 95 11 22 33');
    expect(await participants.textContent()).toContain(first);
    expect(await overflows(owner)).toBe(false);
    expect(await accessibilityProblems(owner, { within: 'main' })).toEqual([]);
    await owner.setViewportSize(DESKTOP);
    expect(await overflows(owner)).toBe(false);

    // The order opens from the list; the owner cancels it (the order screen’s buttons are tested in admin-screens).
    await participants.getByRole('link', { name: first }).click();
    await owner.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    const order = (await app.asAdmin.orders.list({ search: first })).rows[0]!;
    await app.asAdmin.orders.transition({ id: order.id, to: 'cancelled' });
    await owner.close();

    const page = await app.newPage(PHONE);
    await open(page, '/crypto-courses');
    await card(page).getByText('1 place restante').waitFor();
    await card(page).getByRole('button', { name: "S'inscrire" }).click();
    await checkout(page, 'Koffi Tardif', '01 95 44 55 66');
    await page.waitForURL(/\/order\/CMD-\d+$/);
    const seats = (await app.asAdmin.courseSessions.get({ id: session.id })) as { seatsTaken: number };
    expect(seats.seatsTaken).toBe(1);
    await page.close();
  });
});
