import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { browserKeys } from '../support/push-stand-in';
import { expectNoErrors, expectNotification, signIn } from './admin/session';

// The owner turns alerts on from the account screen on a phone, and signing out there stops them.
// Chromium asks Google's push service for a subscription, which this machine cannot reach: the page's
// PushManager.subscribe is replaced by one that returns a subscription with the test's own keys,
// as PushManager would. Everything else is the browser's own: the permission (granted through
// Playwright), the admin's service worker and its notifications (a push delivered through CDP).

let app: BrowserApp;
beforeAll(async () => {
  // The headless shell denies notifications. The page's subscription points to a made-up push service.
  app = await startBrowserApp({ fullBrowser: true, env: { PUSH_SERVICE_HOSTS: 'push.example.test' } });
});
afterAll(() => app?.close());

const keys = browserKeys();
const subscription = {
  endpoint: 'https://push.example.test/send/telephone-de-la-patronne',
  keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') },
};

async function phoneWithPush(): Promise<Page> {
  const page = await app.newPage(PHONE);
  await page.context().grantPermissions(['notifications'], { origin: app.url });
  await page.addInitScript((json) => {
    const KEY = 'test-push-subscription';
    const make = (value: typeof json) => ({
      endpoint: value.endpoint,
      options: {},
      toJSON: () => value,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      localStorage.setItem('test-push-key', typeof key === 'string' ? key : '');
      localStorage.setItem(KEY, JSON.stringify(json));
      return make(json) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(KEY);
      return stored ? (make(JSON.parse(stored)) as unknown as PushSubscription) : null;
    };
  }, subscription);
  return page;
}

const saved = () =>
  app.db
    .selectFrom('pushSubscriptions')
    .select(['device', 'kinds', 'sessionId'])
    .where('endpoint', '=', subscription.endpoint)
    .executeTakeFirst();

describe('alerts on the owner’s phone', () => {
  it('turns alerts on at 360 px, shows one from the admin’s own service worker, and signing out stops them', async () => {
    const page = await phoneWithPush();
    await signIn(page, '/admin/account');
    const card = page.locator('.ant-card').filter({ hasText: 'Alertes sur cet appareil' });
    const enable = card.getByRole('button', { name: 'Recevoir les alertes sur cet appareil' });
    // Enabled once the card has read this device's state: the screen has settled after the sign-in's
    // redirect, and a tap is not lost to a card drawn again (seen twice in CI).
    await expect.poll(() => enable.isEnabled()).toBe(true);
    await card.getByLabel('Nom de cet appareil').fill('Téléphone de la patronne');
    // A tap, then its state: uncheck() said « no change » here once the list grew, where a click does change it.
    const contact = card.getByRole('checkbox', { name: 'Messages de contact' });
    await contact.click();
    await expect.poll(() => contact.isChecked()).toBe(false);
    await enable.click();
    await expectNotification(page, 'Alertes activées sur cet appareil.');
    await card.getByRole('button', { name: 'Ne plus recevoir d’alertes ici' }).waitFor();
    expect(await saved()).toMatchObject({
      device: 'Téléphone de la patronne',
      kinds: ['order', 'payment', 'request', 'stock', 'review', 'session', 'whatsapp'],
    });
    expect((await saved())?.sessionId).toBeTruthy();
    const { publicKey } = await app.asAdmin.devices.vapidKey();
    expect(await page.evaluate(() => localStorage.getItem('test-push-key'))).toBe(publicKey);
    await page.screenshot({ path: '.tmp/shots/alerts-360.png', fullPage: true });

    // The admin's service worker, not the storefront's, shows what the push service brings.
    const cdp = await page.context().newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations: list }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        for (const r of list) registrations.set(r.scopeURL, r.registrationId);
      },
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${app.url}/admin/`)).toBeTruthy();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.url,
      registrationId: registrations.get(`${app.url}/admin/`)!,
      data: JSON.stringify({ title: 'Nouvelle commande CMD-000042', body: 'Awa · 1 article', path: '/admin/orders', tag: 'cmd-42' }),
    });
    const shown = () =>
      page.evaluate(async () =>
        ((await (await navigator.serviceWorker.getRegistration('/admin/'))?.getNotifications()) ?? []).map(
          (n) => `${n.title} | ${n.body} | ${n.tag}`,
        ),
      );
    await expect.poll(shown).toEqual(['Nouvelle commande CMD-000042 | Awa · 1 article | cmd-42']);

    // Signing out on this phone: the server forgets it, and so does the browser.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL(/\/admin\/login/);
    expect(await saved()).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('test-push-subscription'))).toBeNull();
    expectNoErrors(app.errors);
    await page.context().close();
  });

  it('says in French when the phone has no push service to subscribe to', async () => {
    const page = await app.newPage(PHONE);
    await page.context().grantPermissions(['notifications'], { origin: app.url });
    // What Chromium answers without a reachable push service.
    await page.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => {
        throw new DOMException('Registration failed - permission denied', 'AbortError');
      };
    });
    await signIn(page, '/admin/account');
    const card = page.locator('.ant-card').filter({ hasText: 'Alertes sur cet appareil' });
    await card.getByRole('button', { name: 'Recevoir les alertes sur cet appareil' }).click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Alertes non modifiées' });
    await notice.getByText('n’a pas pu s’abonner au service de notification').waitFor();
    expect(await notice.textContent()).not.toContain('Registration failed');
    await page.context().close();
  });
});
