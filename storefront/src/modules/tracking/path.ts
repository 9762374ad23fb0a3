// The private tracking link (kept here: the shared lifecycle module pulls in more than the storefront needs).
export const trackingPath = (token: string) => `/suivi/${token}`;
