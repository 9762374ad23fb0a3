/**
 * Resources whose row opens a hand-made detail screen instead of the generic edit form, and the
 * path prefix of that screen (spec: verifications/:id, orders/:id; messages/:id). Kept free of React so the
 * route table can be checked without a browser.
 */
const DETAIL_ROUTES: Readonly<Record<string, string>> = {
  cryptoVerifications: 'verifications',
  orders: 'orders',
  // A message is read, then answered by e-mail or WhatsApp: a read view, not a form.
  contactMessages: 'messages',
};

export const detailRoutesOf = () => DETAIL_ROUTES;
