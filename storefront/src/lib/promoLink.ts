// A promo code shared as a link (…/products?code=TABASKI10, in a WhatsApp group): kept on the
// phone until the shopper orders, so the checkout applies it whatever page they came in by.

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
  if (code && /^[A-Za-z0-9_-]{3,40}$/.test(code)) keepPromoCode(code.toUpperCase());
}
