import { passwordError } from '@app/shared/auth/rules';
import { emailError } from '@app/shared/format';
import type { AnyField, AnyResource } from '@app/shared/resources';
import type { FormRule as Rule } from 'antd';
import { toApiValue, toApiValues } from './values';

/**
 * One antd rule per field that runs the field's own zod schema, so the form shows exactly the
 * French messages the server would send, and nothing is repeated by hand.
 */
export function rulesFor(field: AnyField, action: 'create' | 'edit'): Rule[] {
  if (field.readOnly || field.kind === 'json') return [];
  return [
    {
      validator: async (_rule, value: unknown) => {
        const result = field.schema.safeParse(toApiValue(field, value, action));
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Valeur invalide.');
      },
    },
  ];
}

/**
 * The resource's rules across fields that show on this field (the first they name), run on the
 * whole form as the server runs them on the whole record.
 */
export function checkRulesFor(resource: AnyResource, key: string, action: 'create' | 'edit'): { rules: Rule[]; dependencies: string[] } {
  const checks = (resource.checks ?? []).filter((check) => check.fields[0] === key);
  return {
    rules: checks.map((check) => ({ getFieldsValue }) => ({
      validator: async () => {
        if (!check.valid(toApiValues(resource, getFieldsValue(true) as Record<string, unknown>, action))) throw new Error(check.message);
      },
    })),
    dependencies: checks.flatMap((check) => check.fields.slice(1)),
  };
}

/** The sign-in pages' e-mail box: the shared rule (required, shape, length), as the auth router applies it. */
export const emailRules: Rule[] = [
  {
    validator: (_, value: string | undefined) => {
      const message = emailError(value ?? '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  },
];

/** A new password box: the shared rule (length, common passwords), as the auth router applies it. */
export const newPasswordRules: Rule[] = [
  { required: true, message: 'Saisissez un mot de passe.' },
  {
    validator: (_, value: string | undefined) => {
      const message = value ? passwordError(value) : undefined;
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  },
];
