import { TRPCClientError } from '@trpc/client';

export interface ApiFailure {
  message: string;
  fieldErrors: Record<string, string>;
}

/** The French message and per-field messages of a failed call; network failures get a message too. */
export function apiFailure(error: unknown): ApiFailure {
  if (error instanceof TRPCClientError) {
    const data = error.data as { fieldErrors?: Record<string, string> | null } | undefined;
    // A failed fetch (offline, timeout) has no data and an English browser message.
    if (!data) return { message: 'Connexion impossible. Vérifiez votre connexion internet et réessayez.', fieldErrors: {} };
    return { message: error.message, fieldErrors: data.fieldErrors ?? {} };
  }
  return { message: 'Une erreur est survenue. Réessayez dans un instant.', fieldErrors: {} };
}

/**
 * True when the server says the record does not exist (so the page shows "introuvable"): over
 * HTTP, a TRPCClientError; while the server renders the page, the procedure's own TRPCError; in
 * a page hydrated from the server's HTML, the plain copy the server put in it (entry-server.tsx).
 */
export const isNotFound = (error: unknown) => {
  const e = error as { code?: unknown; data?: { code?: unknown } } | null | undefined;
  return !!e && (e.data?.code === 'NOT_FOUND' || e.code === 'NOT_FOUND');
};
