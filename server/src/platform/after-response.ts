import type { ServerResponse } from 'node:http';
import type { Logger } from './context';

/** Work a request starts but its caller must not wait for, nor fail with (a mail, an alert). */
export type AfterResponse = (task: () => Promise<unknown>) => void;

/**
 * The one way work runs after an answer, for tRPC procedures and raw routes alike: a moment after
 * the last byte left, so it does not even compete with the client reading it. A failure is logged.
 */
export function afterResponseOf(res: ServerResponse, log: Logger): AfterResponse {
  return (task) => {
    const run = () => void task().catch((err: unknown) => log.error({ err }, 'work after the response failed'));
    res.once('close', () => setTimeout(run, 25));
  };
}

/** For work started where no single answer owns it (a page render shared by concurrent requests): at once, in the background. */
export function detachedWork(log: Logger): AfterResponse {
  return (task) => void task().catch((err: unknown) => log.error({ err }, 'background work failed'));
}
