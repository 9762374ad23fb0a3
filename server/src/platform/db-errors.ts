// How database failures reach callers: the server away is a 503 they may retry; a constraint
// that bad input reached is their fault (mapped to French field messages in trpc.ts).

export const UNAVAILABLE = 'Service momentanément indisponible. Réessayez dans quelques secondes.';

/**
 * The database is away (restart, failover, a killed backend, no free connection):
 * the request fails with a 503 the client may retry, the process carries on.
 */
export function isConnectionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^(08|57P)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)
    )
      return true;
  }
  return false;
}

export function findPgError(error: unknown): { code: string; constraint?: string; detail?: string; table?: string } | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return e as { code: string; constraint?: string; detail?: string; table?: string };
  }
  return null;
}
