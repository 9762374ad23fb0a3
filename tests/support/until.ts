/**
 * Waits for a state seen from outside the app (a row, a mail, a message received): checks every
 * 50 ms and returns the first truthy value, or fails after `timeoutMs` naming what it waited for.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
