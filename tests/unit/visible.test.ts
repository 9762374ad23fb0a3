import { cashMoveSchema, newsletters, orders } from '@app/shared';
import { describe, expect, it } from 'vitest';

// A name, a drawer's reason or a letter's subject made only of invisible characters (zero-width
// spaces, bidirectional overrides) is empty, and refused in French; overrides never reach a screen.
describe('text that must show something', () => {
  const name = orders.fields.customerName.schema;
  const invisible = ['\u200B\u200B', '\u202E\u202D', '\u2066\u2069\u200F', '\uFEFF \u200D'];

  it.each(invisible)('refuses a name of only %j', (value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ce champ est obligatoire.');
    expect(newsletters.fields.subject.schema.safeParse(value).success).toBe(false);
    expect(cashMoveSchema.safeParse({ kind: 'out', amount: 100, reason: `${value}${value}` }).success).toBe(false);
  });

  it('removes the overrides inside, trims the invisible ends, keeps an emoji’s joiner', () => {
    expect(name.parse('\u200BAwa \u202Enimda\u202C Dossou\u200B')).toBe('Awa nimda Dossou');
    expect(name.parse('Koffi 👨\u200D💻')).toBe('Koffi 👨\u200D💻');
  });
});
