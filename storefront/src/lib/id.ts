/**
 * A random key for the checkout's idempotency. crypto.randomUUID only exists on secure origins
 * (https or localhost); the shop may be reached over plain http, so fall back to getRandomValues.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
