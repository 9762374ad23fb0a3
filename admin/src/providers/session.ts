import { trpc } from './trpc';

type Me = Awaited<ReturnType<typeof trpc.auth.me.query>>;

// Who is signed in, asked once for the start of the admin: the entry's check, Refine's check and
// the identity in the header share one answer (three round trips were one on a slow link).
let known: { at: number; me: Promise<Me> } | null = null;
const FRESH_MS = 10_000;

export function currentAdmin(): Promise<Me> {
  if (!known || Date.now() - known.at > FRESH_MS) {
    const me = trpc.auth.me.query();
    const entry = { at: Date.now(), me };
    known = entry;
    // A failure is not remembered: the next question asks the server again.
    me.catch(() => {
      if (known === entry) known = null;
    });
  }
  return known.me;
}

/** After signing out: the next question goes to the server. */
export function forgetSession() {
  known = null;
}

/** After signing in: the sign-in's answer is who is signed in (one round trip less before the first screen). */
export function knowSession(me: NonNullable<Me>) {
  known = { at: Date.now(), me: Promise.resolve(me) };
}

const early = new Map<string, { at: number; answer: Promise<unknown> }>();
// An answer nobody took soon (its screen was left before it opened) is not served later.
const EARLY_MS = 30_000;

/**
 * What a screen asks first, asked before its code has run: on a sign-in that leads to it, as soon
 * as the sign-in is answered, while the back-office's code still arrives over a slow link; on a
 * repeat visit, with the session check (the same tick, so the same request: httpBatchLink). The
 * screen takes the answer once (`takeEarly`). Refused without a session: then unused.
 */
export function askEarly(key: string, ask: () => Promise<unknown>) {
  const answer = ask();
  answer.catch(() => undefined);
  early.set(key, { at: Date.now(), answer });
}

/** The answer asked for early under this key, once; else asked now. */
export function takeEarly<T>(key: string, ask: () => Promise<T>): Promise<T> {
  const taken = early.get(key);
  early.delete(key);
  return taken && Date.now() - taken.at < EARLY_MS ? (taken.answer as Promise<T>) : ask();
}

export const dashboardStats = () => trpc.dashboard.stats.query();
export const drawerToday = () => trpc.cashSessions.current.query();
export const myRound = () => trpc.rounds.today.query({});
