import { z } from 'zod';
import { passwordError } from './rules';

export { isCommonPassword, PASSWORD_MAX, PASSWORD_MIN, passwordError } from './rules';

/** A new admin password, on the server: the shared rule (rules.ts), as the admin's forms apply it. */
export const passwordSchema = z.string('Mot de passe attendu.').superRefine((password, ctx) => {
  const message = passwordError(password);
  if (message) ctx.addIssue({ code: 'custom', message });
});
