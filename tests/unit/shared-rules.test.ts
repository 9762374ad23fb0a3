import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailError, isEmail } from '../../shared/src/format/email';
import { moneyError } from '../../shared/src/format/money';
import { SLUG_MAX_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from '../../shared/src/format/slugify';
import { f } from '../../shared/src/resources/fields';

// One rule each for e-mails, passwords, amounts and slugs, zod-free, for the browser and the server (fields, auth):
// it accepts and refuses what zod's own e-mail check does, with the same French messages.
const samples = [
  'awa.dossou@example.bj',
  'kossi+boutique@mail.example.com',
  "o'neil@example.org",
  'a@b.co',
  'x_y-z@sub-domain.example.africa',
  'sans-arobase.example.com',
  'deux@@example.com',
  'point.final.@example.com',
  '.debut@example.com',
  'double..point@example.com',
  'espace dedans@example.com',
  'tld@example.c',
  'chiffres@example.123',
  'accent@exémple.com',
  'nom@-tiret.com',
  '',
];

describe('the shared e-mail rule', () => {
  it('agrees with zod on every sample', () => {
    const zod = z.email();
    for (const sample of samples) expect(isEmail(sample), sample).toBe(zod.safeParse(sample).success);
  });

  it('gives the same French messages in the browser and in a resource field', () => {
    const field = f.email('E-mail').schema;
    for (const sample of ['deux@@example.com', 'tld@example.c', `${'a'.repeat(250)}@example.com`]) {
      const server = field.safeParse(sample);
      expect(server.success).toBe(false);
      expect(emailError(sample), sample).toBe(server.error?.issues[0]?.message);
    }
    expect(emailError('')).toBe('Indiquez votre adresse e-mail.');
    expect(emailError('', { optional: true })).toBeUndefined();
    expect(emailError(' Awa@Example.BJ ')).toBeUndefined();
  });
});

describe('the shared password rule', () => {
  it('is what the server checks, with its French messages, and the admin forms ask the same', async () => {
    const { passwordError, passwordSchema } = await import('../../shared/src/auth/password');
    const cases: Array<[string, string | undefined]> = [
      ['court', 'Le mot de passe doit contenir au moins 12 caractères.'],
      ['azerty123456', 'Ce mot de passe est trop courant : choisissez-en un autre, par exemple une phrase.'],
      ['zzzzzzzzzzzzzzzz', 'Ce mot de passe est trop courant : choisissez-en un autre, par exemple une phrase.'],
      ['x'.repeat(129), 'Le mot de passe ne peut pas dépasser 128 caractères.'],
      ['une phrase facile à retenir', undefined],
    ];
    for (const [password, message] of cases) {
      expect(passwordError(password), password).toBe(message);
      const server = passwordSchema.safeParse(password);
      expect(server.success ? undefined : server.error.issues[0]?.message, password).toBe(message);
    }
  });
});

describe('the shared money and slug rules', () => {
  it('words an amount the way a money field refuses it, and accepts what it accepts', () => {
    const price = f.money('Prix').schema;
    for (const amount of [0, 12_500, 12_500.5, 0.1 + 0.2, 9_999_999_999.99, -1, 10.005, 1e11]) {
      const message = moneyError(amount);
      const parsed = price.safeParse(amount);
      expect(parsed.success, String(amount)).toBe(message === undefined);
      if (message) expect(parsed.error?.issues[0]?.message).toBe(message);
    }
    expect(moneyError(-1)).toBe('Le montant ne peut pas être négatif.');
    expect(moneyError(10.005)).toBe('Deux décimales au maximum.');
  });

  it('takes the same slugs as a slug field, up to the database limit', () => {
    const slug = f.slug('Slug', 'title').schema;
    for (const value of [
      'ecouteurs-bluetooth',
      'a1-b2',
      'Majuscules',
      'double--tiret',
      '-bord',
      'é-accent',
      'x'.repeat(SLUG_MAX_LENGTH + 1),
    ]) {
      const ok = SLUG_PATTERN.test(value.toLowerCase()) && value.length <= SLUG_MAX_LENGTH;
      expect(slug.safeParse(value).success, value).toBe(ok);
    }
    expect(slug.safeParse('double--tiret').error?.issues[0]?.message).toBe(SLUG_MESSAGE);
  });
});
