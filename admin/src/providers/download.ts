import { NETWORK } from './errors';

/**
 * Downloads a file the server writes as it reads it (server/src/http/export-route.ts) under the
 * name it gives, and returns the number of lines it announced (X-Count). A refusal's French
 * message becomes the error.
 */
export async function downloadExport(path: string, params: Record<string, string>): Promise<number> {
  const response = await fetch(`${path}?${new URLSearchParams(params)}`, { credentials: 'same-origin' }).catch(() => {
    throw new Error(NETWORK);
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(answer?.error?.message ?? 'Export impossible pour le moment : réessayez.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return Number(response.headers.get('X-Count') ?? 0);
}
