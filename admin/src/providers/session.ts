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

/** After signing in or out: the next question goes to the server. */
export function forgetSession() {
  known = null;
}

type Stats = Awaited<ReturnType<typeof trpc.dashboard.stats.query>>;
let early: Promise<Stats> | null = null;

/**
 * A repeat visit to the dashboard asks for its figures with the session check: the same tick, so
 * the same request (httpBatchLink), one round trip saved. Refused without a session: then unused.
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
