import { adminCookie } from './app';

/** The orders export as the admin's button fetches it: the file's text, the count the server announced, and the status. */
export const exportOrders = (baseUrl: string, from: string, to: string, cookie?: string) =>
  exportFile(baseUrl, 'orders.csv', { from, to }, cookie);

/** An export under /api/exports as the admin's buttons fetch it. */
export async function exportFile(baseUrl: string, name: string, params: Record<string, string>, cookie?: string) {
  const response = await fetch(`${baseUrl}/api/exports/${name}?${new URLSearchParams(params)}`, {
    headers: { cookie: cookie ?? (await adminCookie(baseUrl)) },
  });
  return {
    status: response.status,
    headers: response.headers,
    count: Number(response.headers.get('x-count')),
    // The bytes as they are: text() would drop the BOM French Excel needs.
    csv: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()),
  };
}
