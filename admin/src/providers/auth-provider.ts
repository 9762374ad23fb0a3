import type { AuthProvider } from '@refinedev/core';
import { isUnauthorized, toHttpError } from './errors';
import { forgetAlertsSubscription } from '../push/device-alerts';
import { forgetCounterCatalogue } from '../pages/counter/store';
import { signedInBefore } from '../signin/hint';
import { currentAdmin, forgetSession } from './session';
import { trpc } from './trpc';

export const LOGIN_PATH = '/login';

export const authProvider: AuthProvider = {
  // Signing in happens in the light entry (signin/pages.tsx), before this provider is loaded.
  login: async () => ({ success: false, redirectTo: LOGIN_PATH }),
  logout: async () => {
    try {
      await trpc.auth.logout.mutate();
    } catch {
      // An expired session is already logged out: go to the login page all the same.
    }
    forgetSession();
    await forgetCachedAnswers();
    await forgetAlertsSubscription();
    // A new page, the light sign-in entry's: nothing of the back-office stays in memory. The
    // answer never comes: Refine would otherwise re-check the session and navigate a second time,
    // aborting this one half-way (seen on a busy machine).
    window.location.replace(`/admin${LOGIN_PATH}`);
    return new Promise<never>(() => undefined);
  },
  check: async () => {
    try {
      const me = await currentAdmin();
      return me ? { authenticated: true } : { authenticated: false, redirectTo: LOGIN_PATH, logout: true };
    } catch (error) {
      const failure = toHttpError(error);
      // No network on a phone signed in before: its screens open (the counter sells offline); the
      // server checks the session of everything sent once the network is back.
      if (failure.statusCode === 0 && signedInBefore()) return { authenticated: true };
      return { authenticated: false, redirectTo: LOGIN_PATH, error: failure };
    }
  },
  onError: async (error) => (isUnauthorized(error) ? { logout: true, redirectTo: LOGIN_PATH, error } : {}),
  getIdentity: async () => {
    try {
      return await currentAdmin();
    } catch {
      return null;
    }
  },
};

/**
 * On a shared phone, nothing the admin read may stay behind: the runtime caches (pages, API
 * answers, photos) are emptied at sign-out. The storefront's precached code is kept.
 */
async function forgetCachedAnswers() {
  // The counter's copy of the articles (admin/src/pages/counter/store.ts) goes too; its sales not
  // yet sent stay, to leave at the next sign-in: a sale is never lost.
  await forgetCounterCatalogue().catch(() => undefined);
  if (!('caches' in window)) return;
  const names = await caches.keys().catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name).catch(() => false)));
}
