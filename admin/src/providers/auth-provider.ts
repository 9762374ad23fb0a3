import type { AuthProvider } from '@refinedev/core';
import { isUnauthorized, toHttpError } from './errors';
import { forgetAlertsSubscription } from '../push/device-alerts';
import { trpc } from './trpc';

export const LOGIN_PATH = '/login';

export const authProvider: AuthProvider = {
  login: async ({ email, password }: { email: string; password: string }) => {
    try {
      await trpc.auth.login.mutate({ email, password });
      return { success: true, redirectTo: '/' };
    } catch (error) {
      const { message } = toHttpError(error);
      return { success: false, error: { name: 'Connexion impossible', message } };
    }
  },
  logout: async () => {
    try {
      await trpc.auth.logout.mutate();
    } catch {
      // An expired session is already logged out: go to the login page all the same.
    }
    await forgetCachedAnswers();
    await forgetAlertsSubscription();
    return { success: true, redirectTo: LOGIN_PATH };
  },
  check: async () => {
    try {
      const me = await trpc.auth.me.query();
      return me ? { authenticated: true } : { authenticated: false, redirectTo: LOGIN_PATH, logout: true };
    } catch (error) {
      return { authenticated: false, redirectTo: LOGIN_PATH, error: toHttpError(error) };
    }
  },
  onError: async (error) => (isUnauthorized(error) ? { logout: true, redirectTo: LOGIN_PATH, error } : {}),
  getIdentity: async () => {
    try {
      return await trpc.auth.me.query();
    } catch {
      return null;
    }
  },
  forgotPassword: async ({ email }: { email: string }) => {
    try {
      await trpc.auth.requestPasswordReset.mutate({ email });
      return { success: true };
    } catch (error) {
      return { success: false, error: { name: 'Réinitialisation impossible', message: toHttpError(error).message } };
    }
  },
  updatePassword: async ({ token, password }: { token: string; password: string }) => {
    try {
      await trpc.auth.resetPassword.mutate({ token, password });
      return { success: true };
    } catch (error) {
      const http = toHttpError(error);
      // The password's own rule (too short, too common) says more than the generic message.
      const message = http.errors?.password ? String(http.errors.password) : http.message;
      return { success: false, error: { name: 'Mot de passe non modifié', message } };
    }
  },
};

/**
 * On a shared phone, nothing the admin read may stay behind: the runtime caches (pages, API
 * answers, photos) are emptied at sign-out. The storefront's precached code is kept.
 */
async function forgetCachedAnswers() {
  if (!('caches' in window)) return;
  const names = await caches.keys().catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name).catch(() => false)));
}
