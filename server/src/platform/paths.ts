/**
 * The path as the router sees it: percent-decoded, so `/%74rpc/x` is `/trpc/x` for every check
 * below as it is for routing. Undecodable paths are refused.
 */
export function routedPath(url: string): string | null {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
