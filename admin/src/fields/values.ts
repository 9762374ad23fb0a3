import type { AnyField, AnyResource } from '@app/shared/resources';

type Values = Record<string, unknown>;

/** What the form sends: read-only fields left out, an emptied optional field cleared with null. */
export function toApiValues(resource: AnyResource, values: Values, action: 'create' | 'edit'): Values {
  const out: Values = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.readOnly || field.kind === 'json' || (field.createOnly && action === 'edit')) continue;
    out[key] = toApiValue(field, values[key], action);
    if (out[key] === undefined) delete out[key];
  }
  return out;
}

export function toApiValue(field: AnyField, value: unknown, action: 'create' | 'edit'): unknown {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (!empty) return value;
  if (field.optional) return action === 'edit' ? null : undefined;
  // A required field left empty: undefined lets its default apply, '' lets zod say it is required.
  return field.hasDefault ? undefined : (value ?? undefined);
}

/** Initial values of a create form: the declared defaults. */
export function defaultValues(resource: AnyResource): Values {
  const out: Values = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    if (!field.hasDefault || field.readOnly) continue;
    out[key] = typeof field.default === 'function' ? (field.default as () => unknown)() : field.default;
  }
  return out;
}

/**
 * Fields a form shows: everything but server-only structured data on create; once made, a field given
 * only then is read-only. A field for some of the team only (`readers`), or left to the resource's own
 * screen (`ownScreen`), is shown by that screen.
 */
export function formFields(resource: AnyResource, action: 'create' | 'edit'): [string, AnyField][] {
  return Object.entries(resource.fields)
    .filter(([, field]) => (action === 'edit' || !field.readOnly) && !field.readers && !field.ownScreen)
    .map(([key, field]) => [key, field.createOnly && action === 'edit' ? { ...field, readOnly: true } : field]);
}

/** Marked with an asterisk: must be filled in (no default, not optional). */
export const isRequired = (field: AnyField) => !field.optional && !field.hasDefault && !field.readOnly && field.kind !== 'boolean';
