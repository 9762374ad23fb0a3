// E-mail addresses, one rule for every place that takes one: the resource fields and the auth
// router (server), the storefront forms and the admin sign-in pages (browser, without zod).

export const EMAIL_MAX = 254;

// The address shape zod's z.email() accepts (its default pattern): a dot-separated local part,
// a domain of labels and a TLD of two letters or more.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());

/** The French message for an address, or undefined when it is fine (or empty and optional). */
export function emailError(value: string, { optional = false } = {}): string | undefined {
  const text = value.trim();
  if (text === '') return optional ? undefined : 'Indiquez votre adresse e-mail.';
  if (text.length > EMAIL_MAX) return 'Adresse e-mail trop longue.';
  return isEmail(text) ? undefined : 'Adresse e-mail invalide.';
}

/** Providers where dots in the local part do not count (a.wa@ and awa@ are one mailbox). */
const DOTLESS = ['gmail.com', 'googlemail.com'];

/**
 * The mailbox an address reaches: lower case, without its "+tag" (awa+1@ and awa+2@ land in one
 * inbox), without dots at Gmail. What a per-inbox limit counts.
 */
export function mailbox(address: string) {
  const [local = '', domain = ''] = address.trim().toLowerCase().split('@');
  const base = local.replace(/\+.*$/, '');
  return DOTLESS.includes(domain) ? `${base.replace(/\./g, '')}@gmail.com` : `${base}@${domain}`;
}
