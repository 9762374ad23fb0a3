import type { AnyField, AnyResource } from '@app/shared';
import type { Page } from 'playwright-core';
import { isRequired } from '../../../admin/src/fields/values';

const pad = (n: number) => String(n).padStart(2, '0');

/** A value the form accepts for a field, keyed by a marker so the record can be found again. */
export function valueFor(field: AnyField, marker: string): string {
  switch (field.kind) {
    case 'email':
      return `${marker.toLowerCase()}@exemple.example`;
    case 'phone':
      return '+229 01 97 12 34 56';
    case 'url':
      return `https://exemple.example/${marker}`;
    case 'image':
      return '/media/demo/placeholder.svg';
    case 'money':
      return '12500';
    case 'integer':
      // Small enough for any bound a count or a percentage has.
      return '12';
    case 'reference':
      return '';
    case 'datetime':
      // Ten days from now, at 09:30 on the shop's clock (the form reads times in Benin's).
      return ((d) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} 09:30`)(new Date(Date.now() + 10 * 86_400_000));
    default:
      // A shaped text (a promo code) gets the marker alone, which such shapes accept.
      return (field.pattern ? marker.replace(/[^A-Za-z0-9_-]/g, '') : `${marker} ${field.label}`).slice(0, field.max ?? 200);
  }
}

/** The generated create / edit form. Inputs are found by the field name antd gives as id. */
export class FormPage {
  constructor(
    readonly page: Page,
    readonly resource: AnyResource,
  ) {}

  form() {
    return this.page.locator('form').filter({ has: this.page.getByRole('button', { name: /Enregistrer|Envoi en cours/ }) });
  }

  async fill(key: string, value: string) {
    const field = this.resource.fields[key]!;
    const form = this.form();
    if (field.kind === 'html') {
      const editor = form.locator(`#${key}`);
      await editor.click();
      await this.page.keyboard.press('ControlOrMeta+a');
      await this.page.keyboard.type(value);
    } else if (field.kind === 'enum') {
      await form.locator(`#${key}`).click();
      await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: value }).first().click();
    } else if (field.kind === 'reference') {
      // The first record offered, or the one whose title holds `value`.
      await form.locator(`#${key}`).click();
      const options = this.page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await (value ? options.filter({ hasText: value }) : options).first().click();
    } else if (field.kind === 'datetime') {
      // Typed as the picker shows it (DD/MM/YYYY HH:mm), then confirmed with its OK button: Enter
      // would confirm it too, but also submit the form, which then races the test's own submit.
      const input = form.locator(`#${key}`);
      await input.click();
      await input.fill(value);
      await this.page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
      await this.page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    } else if (field.kind === 'stringList' || field.kind === 'imageList') {
      await form.locator(`#${key}`).fill(value);
      await form.getByRole('button', { name: `Ajouter à : ${field.label}` }).click();
    } else {
      await form.locator(`#${key}`).fill(value);
    }
  }

  /**
   * Fills every field that has neither a default nor "optional", and the optional texts a rule across
   * fields asks for (a session's place).
   */
  async fillRequired(marker: string) {
    const checked = new Set((this.resource.checks ?? []).flatMap((check) => check.fields as readonly string[]));
    for (const [key, field] of Object.entries(this.resource.fields)) {
      const askedFor = field.kind === 'text' && !field.readOnly && checked.has(key);
      if ((!isRequired(field) && !askedFor) || field.kind === 'json') continue;
      const value = field.kind === 'enum' ? Object.values(field.options ?? {})[0]! : valueFor(field, marker);
      await this.fill(key, value);
    }
  }

  async submit() {
    await this.form().getByRole('button', { name: 'Enregistrer' }).click();
  }

  /** The error under a field, as the form shows it. */
  async errorOf(key: string) {
    const item = this.form()
      .locator('.ant-form-item')
      .filter({ has: this.page.locator(`#${key}`) });
    const error = item.locator('.ant-form-item-explain-error').first();
    await error.waitFor();
    return error.textContent();
  }
}
