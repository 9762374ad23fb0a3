import type { HttpError } from '@refinedev/core';
import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  code?: string;
  httpStatus?: number;
  fieldErrors?: Record<string, string> | null;
}

export const NETWORK = 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.';

/** Refine's error shape from a tRPC failure: French message, status and per-field messages. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof TRPCClientError) {
    const data = (error.data ?? {}) as ErrorData;
    // No tRPC code means the answer never came from our server (offline, proxy page...).
    const reachedServer = Boolean(data.code);
    const status = data.httpStatus ?? (reachedServer ? 500 : 0);
    const fieldErrors = data.fieldErrors ?? undefined;
    const message = reachedServer && error.message ? error.message : NETWORK;
    return { message, statusCode: status, errors: fieldErrors && withoutGeneral(fieldErrors) };
  }
  const message = error instanceof Error && error.message ? error.message : 'Une erreur inattendue est survenue.';
  return { message, statusCode: 500 };
}

// '_' is the server's key for an error about the whole input: it has no field to sit on.
function withoutGeneral(errors: Record<string, string>): Record<string, string> {
  const { _: _general, ...rest } = errors;
  return rest;
}

export const isUnauthorized = (error: unknown) => {
  const e = error as { statusCode?: number; data?: ErrorData } | null;
  return e?.statusCode === 401 || e?.data?.code === 'UNAUTHORIZED';
};

/**
 * A record's screen asks again (twice) when the server could not be reached or failed, and never
 * when it answered "not found" or "refused": a passing network hiccup is not "introuvable".
 */
export const retryUnlessRefused = (failures: number, error: unknown) => {
  const status = (error as { statusCode?: number } | null)?.statusCode ?? toHttpError(error).statusCode;
  return failures < 2 && (status === 0 || status >= 500);
};
