import { emailError as sharedEmailError } from '@app/shared/format';
import { phoneError as sharedPhoneError } from '@app/shared/phone';
// Client-side checks mirror the shared zod rules (shared/src/resources/fields.ts) without shipping zod:
// the server checks again and its field messages are shown the same way.

export const required = (value: string, message = 'Ce champ est obligatoire.') => (value.trim() === '' ? message : undefined);

/** The shared rule (libphonenumber-js, Benin by default), so the browser and the server never disagree. */
export function phoneError(value: string): string | undefined {
  if (value.trim() === '') return 'Indiquez votre numéro de téléphone.';
  return sharedPhoneError(value);
}

/** The shared rule (shared/src/format/email.ts), as the server applies it. */
export const emailError = (value: string, optional = false) => sharedEmailError(value, { optional });

/** Keeps only the messages that are set; empty means the form may be sent. */
export const collect = <K extends string>(checks: Record<K, string | undefined>) =>
  Object.fromEntries(Object.entries(checks).filter(([, m]) => m)) as Partial<Record<K, string>>;
