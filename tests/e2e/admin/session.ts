import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN } from '../../support/app';

/** Signs in through the login form and waits for the admin layout. */
export async function signIn(page: Page, path = '/admin') {
  await page.goto(path);
  await page.waitForURL(/\/admin\/login/);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // The header shows on every width; the menu itself is hidden in a drawer on phones.
  await page.getByText('Administration de la boutique').waitFor();
}

/** The latest antd notification whose text matches. */
export async function expectNotification(page: Page, text: string | RegExp) {
  const notice = page.locator('.ant-notification-notice').filter({ hasText: text }).last();
  await notice.waitFor();
  expect(await notice.textContent()).toMatch(text);
}

/** Fails the test on console errors or page crashes collected by the harness. */
export function expectNoErrors(errors: string[]) {
  // Resource loads refused on purpose (a 401 before sign-in) are not application errors.
  const real = errors.filter((e) => !/Failed to load resource/.test(e));
  expect(real).toEqual([]);
}
