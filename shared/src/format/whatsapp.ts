const WHATSAPP_BASE_URL = 'https://wa.me/';

const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

/**
 * Chat link for a phone number (spec section 7: non-digits removed, because wa.me expects the
 * international number as bare digits, e.g. "+229 01 97 00 00 00" → https://wa.me/2290197000000).
 * The optional message pre-fills the chat; an empty or blank message adds no text parameter.
 */
export function whatsappLink(phone: string, message?: string): string {
  const url = WHATSAPP_BASE_URL + digitsOnly(phone);
  return message !== undefined && message.trim() !== '' ? `${url}?text=${encodeURIComponent(message)}` : url;
}

/**
 * Dialler link. The leading "+" is kept when the number has one (also "(+229) …"), because
 * without it the phone would dial the digits as a local number.
 */
export function telLink(phone: string): string {
  const international = /^[^\d+]*\+/.test(phone);
  return `tel:${international ? '+' : ''}${digitsOnly(phone)}`;
}
