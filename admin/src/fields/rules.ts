import type { AnyField } from '@app/shared/resources';
import type { FormRule as Rule } from 'antd';
import { toApiValue } from './values';

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
