import { z } from 'zod';
import { passwordSchema } from '../auth/password';
import { EMAIL_MAX, isEmail } from '../format/email';
import { phoneError } from '../format/phone';
import { visibleText } from '../format/visible';
import { ROLE_LABELS, ROLES } from './roles';

const role = z.enum(ROLES, `Rôle attendu : ${Object.values(ROLE_LABELS).join(', ')}.`);

/** The owner asks someone to join: the link goes by e-mail, and by WhatsApp when a phone is given. */
export const inviteSchema = z.strictObject({
  email: z
    .string('Adresse e-mail attendue.')
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, 'Adresse e-mail trop longue.')
    .refine(isEmail, 'Adresse e-mail invalide.'),
  displayName: z
    .string('Nom attendu.')
    .overwrite(visibleText)
    .min(2, 'Indiquez son nom (au moins 2 caractères).')
    .max(100, 'Nom trop long (100 caractères au maximum).'),
  phone: z
    .string()
    .trim()
    .max(30, 'Numéro trop long.')
    .superRefine((value, ctx) => {
      const error = value ? phoneError(value) : undefined;
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .optional(),
  role,
});

/** Invitation links carry a 43-character random token. */
export const invitationToken = z.string('Lien d’invitation invalide.').regex(/^[A-Za-z0-9_-]{43}$/, 'Lien d’invitation invalide.');
export const acceptSchema = z.strictObject({ token: invitationToken, password: passwordSchema });
export const setRoleSchema = z.strictObject({ id: z.uuid('Identifiant invalide.'), role });
