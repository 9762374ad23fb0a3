import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

// The request a piece of work belongs to (issue 61): its id is on every log line of the request
// (Fastify's `requestId`), on the answer (`x-request-id`), and on each outbox row it writes, so the
// mail, the notification or the invoice sent later logs the same id.

const store = new AsyncLocalStorage<{ requestId: string }>();

/** An id a proxy gave (Caddy, a load balancer) when it looks like one, else a new one. */
export const requestIdOf = (given: string | string[] | undefined) =>
  typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();

/** Runs the rest of a request's handling with its id at hand. */
export const withRequestId = (requestId: string, next: () => void) => store.run({ requestId }, next);

/** The id of the request this code runs for, if any (none in a timed job). */
export const currentRequestId = () => store.getStore()?.requestId ?? null;
