import { type AnyField, resources } from '@app/shared/resources';
import { useOne } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import { Select, Typography } from 'antd';
import { SEARCH_FILTER } from '../providers/data-provider';

/** The resource a reference field points at, and the field that titles its records. */
function target(field: AnyField) {
  const resource = resources.find((r) => r.name === field.references);
  if (!resource) throw new Error(`Unknown resource referenced: ${field.references}`);
  return { name: resource.name, title: resource.titleField };
}

/** A referenced record shown by its title (a session's training in the list); the id until it comes. */
export function ReferenceTitle({ field, id }: { field: AnyField; id: string }) {
  const { name, title } = target(field);
  // Cached per record: a page of twenty sessions of three trainings asks for three.
  const { result } = useOne<Record<string, unknown>>({ resource: name, id, queryOptions: { staleTime: 60_000, retry: false } });
  const text = result?.[title];
  return (
    <Typography.Text ellipsis={{ tooltip: String(text ?? '') }} style={{ maxWidth: 260 }}>
      {text === undefined ? '…' : String(text)}
    </Typography.Text>
  );
}

interface InputProps {
  field: AnyField;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-required'?: unknown;
}

/** Chooses a record of the referenced resource, searched as typed (its list's search). */
export function ReferenceSelect({ field, value, onChange, id, 'aria-required': _required }: InputProps) {
  const { name, title } = target(field);
  const { selectProps } = useSelect<Record<string, unknown>>({
    resource: name,
    optionLabel: (row) => String(row[title] ?? ''),
    optionValue: 'id',
    defaultValue: value ?? undefined,
    onSearch: (text) => [{ field: SEARCH_FILTER, operator: 'contains', value: text }],
    pagination: { pageSize: 50 },
    debounce: 300,
  });
  return (
    <Select<string>
      options={selectProps.options as { label: string; value: string }[] | undefined}
      loading={selectProps.loading}
      onSearch={selectProps.onSearch}
      showSearch
      filterOption={false}
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear={field.optional}
      placeholder="Choisir..."
      notFoundContent="Aucun résultat"
      style={{ maxWidth: 480 }}
    />
  );
}
