const WHATSAPP_BASE_URL = 'https://wa.me/';

const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

/**
 * The number in international digits. Stored numbers are E.164 already; a national Benin number
 * (10 digits starting 01, as older settings may hold) gets its +229, so links always reach someone.
 * Light on purpose (no libphonenumber): the header and footer of every page use it.
 */
function internationalDigits(phone: string): string {
  const digits = digitsOnly(phone);
  if (/^[^\d+]*\+/.test(phone)) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (/^01\d{8}$/.test(digits)) return `229${digits}`;
  return digits;
}

/**
 * Chat link for a phone number (spec section 7: non-digits removed, because wa.me expects the
 * international number as bare digits, e.g. "+229 01 97 00 00 00" → https://wa.me/2290197000000).
 * The optional message pre-fills the chat; an empty or blank message adds no text parameter.
 */
export function whatsappLink(phone: string, message?: string): string {
  const url = WHATSAPP_BASE_URL + internationalDigits(phone);
  return message !== undefined && message.trim() !== '' ? `${url}?text=${encodeURIComponent(message)}` : url;
}

/**
 * Dialler link. The leading "+" is kept when the number has one (also "(+229) …"), because
 * without it the phone would dial the digits as a local number.
 */
export function telLink(phone: string): string {
  const digits = internationalDigits(phone);
  const international = digits !== digitsOnly(phone) || /^[^\d+]*\+/.test(phone);
  return `tel:${international ? '+' : ''}${digits}`;
}

/**
 * A stored (E.164) number as people read it, in pairs: "+2290197123456" → "+229 01 97 12 34 56"
 * (readable at home, dialable from abroad); other numbers as stored. Light, like the links above.
 */
export function displayPhone(phone: string): string {
  const benin = /^\+229(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone.replace(/\s/g, ''));
  return benin ? `+229 ${benin.slice(1).join(' ')}` : phone;
}
