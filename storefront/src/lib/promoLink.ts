// A promo code shared as a link (…/products?code=TABASKI10, in a WhatsApp group): kept on the
// phone until the shopper orders, so the checkout applies it whatever page they came in by.

import { PROMO_CODE_PATTERN } from '@app/shared/labels';

const KEY = 'promo-code';

export function linkedPromoCode(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function keepPromoCode(code: string | null) {
  try {
    if (code) localStorage.setItem(KEY, code);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the code is typed at checkout instead.
  }
}

/** Called once when the app starts: a `?code=` in the address is remembered. */
export function rememberLinkedPromoCode() {
  const code = new URLSearchParams(window.location.search).get('code')?.trim();
  if (code && PROMO_CODE_PATTERN.test(code)) keepPromoCode(code.toUpperCase());
}
