import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Phone numbers, parsed once with libphonenumber-js, Benin (+229) by default. Benin moved to
// 10 digits in 2024 (01 + the old 8): an old 8-digit number gets a message saying so.
export const PHONE_EXAMPLE = '01 97 12 34 56';
const INVALID = `Numéro de téléphone invalide (ex. : ${PHONE_EXAMPLE} ou +229 ${PHONE_EXAMPLE}).`;
const OLD_BENIN = `Depuis 2024, les numéros du Bénin ont 10 chiffres : ajoutez 01 devant (ex. : ${PHONE_EXAMPLE}).`;

export interface Phone {
  /** +2290197123456: what is stored. */
  e164: string;
  /** 01 97 12 34 56 */
  national: string;
  /** +229 01 97 12 34 56 */
  international: string;
}

export function parsePhone(text: string): Phone | null {
  const trimmed = text.trim().replace(/^00/, '+');
  if (!/^\(?\+?[0-9 ().-]{6,24}$/.test(trimmed)) return null;
  const number = parsePhoneNumberFromString(trimmed, 'BJ');
  if (!number?.isValid()) return null;
  return { e164: number.number, national: number.formatNational(), international: number.formatInternational() };
}

/** The French message for a number that cannot be used, or undefined when it is fine. */
export function phoneError(text: string): string | undefined {
  if (parsePhone(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  const benin = !/^\s*(\+|00)/.test(text) || /^\s*(\+|00)\s*229/.test(text);
  return benin && digits.replace(/^(00)?229/, '').length === 8 ? OLD_BENIN : INVALID;
}

/** For display: national for Benin numbers, international for the others; the text itself if it does not parse. */
export function formatPhone(text: string): string {
  const phone = parsePhone(text);
  if (!phone) return text;
  return phone.e164.startsWith('+229') ? phone.national : phone.international;
}
