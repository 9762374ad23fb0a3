// Client-side checks mirror the shared zod rules (shared/src/resources/fields.ts) without shipping zod:
// the server checks again and its field messages are shown the same way.

export const required = (value: string, message = 'Ce champ est obligatoire.') => (value.trim() === '' ? message : undefined);

export function phoneError(value: string): string | undefined {
  if (value.trim() === '') return 'Indiquez votre numéro de téléphone.';
  const digits = value.replace(/\D/g, '').length;
  if (!/^\+?[0-9 ().-]+$/.test(value.trim()) || digits < 8 || digits > 15) return 'Numéro de téléphone invalide (ex. : +229 01 97 00 00 00).';
  return undefined;
}

export function emailError(value: string, optional = false): string | undefined {
  if (value.trim() === '') return optional ? undefined : 'Indiquez votre adresse e-mail.';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : 'Adresse e-mail invalide.';
}

/** Keeps only the messages that are set; empty means the form may be sent. */
export const collect = <K extends string>(checks: Record<K, string | undefined>) =>
  Object.fromEntries(Object.entries(checks).filter(([, m]) => m)) as Partial<Record<K, string>>;
