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

type Stats = Awaited<ReturnType<typeof trpc.dashboard.stats.query>>;
let early: Promise<Stats> | null = null;

/**
 * A repeat visit to the dashboard asks for its figures with the session check: the same tick, so
 * the same request (httpBatchLink), one round trip saved; a sign-in that leads to it asks as soon
 * as it is answered, while the back-office's code still arrives. Refused without a session: unused.
 */
export function askDashboardEarly() {
  early = trpc.dashboard.stats.query();
  early.catch(() => undefined);
}

/** The figures asked for early, once; null when there are none. */
export function takeEarlyDashboard(): Promise<Stats> | null {
  const taken = early;
  early = null;
  return taken;
}
