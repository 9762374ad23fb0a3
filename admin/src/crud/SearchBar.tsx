import type { AnyResource } from '@app/shared/resources';
import { Form, type FormProps, Input, Select } from 'antd';
import { searchButton } from './search-button';
import { useEffect, useRef } from 'react';
import { columnLabel } from '../fields/columns';
import { useQuery } from '@tanstack/react-query';
import { procedure } from '../providers/trpc';

export type SearchValues = Record<string, string | boolean | undefined>;

const ALL = '__all__';

/** Pause in typing after which the search runs. */
const TYPING_PAUSE_MS = 350;

/** The text search over the resource's `list.search` fields (runs as you type), and one select per filter. */
export function SearchBar({
  resource,
  formProps,
  initialSearch = '',
}: {
  resource: AnyResource;
  formProps: FormProps<SearchValues>;
  initialSearch?: string;
}) {
  const searchLabels = resource.list.search.map((key) => columnLabel(resource, key).toLowerCase()).join(', ');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const submit = () => {
    clearTimeout(timer.current);
    formProps.form?.submit();
  };
  const later = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(submit, TYPING_PAUSE_MS);
  };
  return (
    <Form {...formProps} layout="inline" style={{ rowGap: 8, marginBottom: 16 }} initialValues={{ search: initialSearch }}>
      <Form.Item name="search" style={{ flex: '1 1 240px', marginInlineEnd: 8 }}>
        <Input.Search
          allowClear
          placeholder={`Rechercher (${searchLabels})`}
          aria-label="Rechercher"
          enterButton={searchButton}
          onChange={later}
          onSearch={submit}
        />
      </Form.Item>
      {(resource.list.filters ?? []).map((key) => (
        <Form.Item key={key} name={key} style={{ marginInlineEnd: 8 }}>
          <FilterSelect resource={resource} field={key} onChange={submit} />
        </Form.Item>
      ))}
    </Form>
  );
}

/**
 * One filter's select: yes/no, the field's options, or (a text field, such as the journal's
 * "Par") the values the server finds in it, searchable as one types.
 */
function FilterSelect({ resource, field: key, onChange }: { resource: AnyResource; field: string; onChange: () => void }) {
  const field = resource.fields[key];
  const text = field?.kind === 'text';
  const values = useQuery({
    queryKey: [resource.name, 'filterValues', key],
    queryFn: () => procedure(resource.name, 'filterValues').query({ field: key }) as Promise<string[]>,
    enabled: text,
    staleTime: 60_000,
  });
  const all = { value: ALL, label: 'Tous' };
  const options: { value: string | boolean; label: string }[] =
    field?.kind === 'boolean'
      ? [all, { value: true, label: 'Oui' }, { value: false, label: 'Non' }]
      : [
          all,
          ...(text ? (values.data ?? []).map((v) => [v, v] as const) : Object.entries(field?.options ?? {})).map(([value, label]) => ({
            value,
            label,
          })),
        ];
  return (
    <Select
      aria-label={`Filtrer par ${columnLabel(resource, key).toLowerCase()}`}
      style={{ minWidth: 160 }}
      placeholder={`${columnLabel(resource, key)} : tous`}
      options={options}
      loading={text && values.isLoading}
      showSearch={text}
      onChange={onChange}
    />
  );
}

/** Refine filters from the search form: 'Tous' means no filter. */
export function toFilters(resource: AnyResource, values: SearchValues) {
  return [
    { field: 'search', operator: 'contains' as const, value: values.search || undefined },
    ...(resource.list.filters ?? []).map((key) => ({
      field: key,
      operator: 'eq' as const,
      value: values[key] === ALL ? undefined : values[key],
    })),
  ];
}
