import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, PHONE, startBrowserApp } from '../support/browser';
import { signIn } from './admin/session';
import { screenshot } from './admin/screens';

// The owner picks dates on her phone: every date and date-and-time picker of the admin opens inside
// a 360 px screen, its hours, minutes and "OK" included, without typing the date by hand.

let app: BrowserApp;
let page: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage(PHONE);
  await signIn(page);
});
afterAll(() => app?.close());

/** The open picker's panel, and where it lies on the screen. */
async function openedPanel() {
  const dropdown = page.locator('.ant-picker-dropdown:visible').last();
  await dropdown.waitFor();
  // Wait for its opening animation to end: the box is measured where it stays.
  await dropdown.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const box = (await dropdown.locator('.ant-picker-panel-container').boundingBox())!;
  const viewport = page.viewportSize()!;
  return { dropdown, box, viewport };
}

async function expectInside(what: string) {
  const { dropdown, box, viewport } = await openedPanel();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  const ok = dropdown.locator('.ant-picker-ok button');
  if (await ok.count()) {
    const okBox = (await ok.boundingBox())!;
    expect(okBox.x + okBox.width, `${what}: OK button`).toBeLessThanOrEqual(viewport.width);
  }
  const minutes = dropdown.locator('.ant-picker-time-panel-column').nth(1);
  if (await minutes.count()) {
    const minutesBox = (await minutes.boundingBox())!;
    expect(minutesBox.x + minutesBox.width, `${what}: minutes`).toBeLessThanOrEqual(viewport.width);
  }
  return dropdown;
}

const close = async () => {
  await page.keyboard.press('Escape');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
};

describe('date pickers at 360 px', () => {
  it('a training session’s start and end: date, hours, minutes and OK all on the screen', async () => {
    await page.goto('/admin/sessions/add');
    for (const field of ['startsAt', 'endsAt']) {
      await page.locator(`#${field}`).click();
      const panel = await expectInside(field);
      if (field === 'startsAt') await screenshot(page, 'session-picker-360');
      // Picked with taps: a day, then an hour and a minute, then OK.
      await panel.locator('.ant-picker-cell-in-view').filter({ hasText: /^15$/ }).first().click();
      await panel.locator('.ant-picker-time-panel-column').first().getByText('09', { exact: true }).click();
      await panel.locator('.ant-picker-time-panel-column').nth(1).getByText('30', { exact: true }).click();
      await panel.locator('.ant-picker-ok button').click();
      await panel.waitFor({ state: 'hidden' });
      expect(await page.locator(`#${field}`).inputValue()).toMatch(/^15\/\d\d\/\d{4} 09:30$/);
    }
  });

  it('a blog post’s date and a promo code’s dates', async () => {
    await page.goto('/admin/blog/add');
    await page.locator('#date').click();
    await expectInside('blog date');
    await close();
    await page.goto('/admin/promo-codes/add');
    for (const field of ['startsOn', 'endsOn']) {
      await page.locator(`#${field}`).click();
      await expectInside(field);
      await close();
    }
  });

  it('the orders’ CSV export and the sales charts’ own period', async () => {
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    for (const field of ['export-from', 'export-to']) {
      await page.locator(`#${field}`).click();
      const panel = await expectInside(field);
      // A day tapped closes it (Escape would close the whole dialog).
      await panel.locator('.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)').last().click();
      await panel.waitFor({ state: 'hidden' });
    }
    // The dialog's close button speaks French and takes a thumb (24 px at least, WCAG 2.2).
    const close = await page.getByRole('button', { name: 'Fermer' }).boundingBox();
    expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(24);
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.goto('/admin');
    await page.locator('#ventes .ant-select').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Période choisie' }).click();
    await page.locator('#ventes .ant-picker-range input').first().click();
    await expectInside('sales range');
    await screenshot(page, 'sales-range-picker-360');
  });
});
