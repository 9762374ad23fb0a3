import type { AnyResource } from '@app/shared/resources';
import { Form, type FormProps, Input, Select } from 'antd';
import { columnLabel } from '../fields/columns';

export type SearchValues = Record<string, string | boolean | undefined>;

const ALL = '__all__';

/** The text search over the resource's `list.search` fields, and one select per filter. */
export function SearchBar({ resource, formProps }: { resource: AnyResource; formProps: FormProps<SearchValues> }) {
  const searchLabels = resource.list.search.map((key) => columnLabel(resource, key).toLowerCase()).join(', ');
  const submit = () => formProps.form?.submit();
  return (
    <Form {...formProps} layout="inline" style={{ rowGap: 8, marginBottom: 16 }} initialValues={{}}>
      <Form.Item name="search" style={{ flex: '1 1 240px', marginInlineEnd: 8 }}>
        <Input.Search
          allowClear
          placeholder={`Rechercher (${searchLabels})`}
          aria-label="Rechercher"
          enterButton="Rechercher"
          onSearch={submit}
        />
      </Form.Item>
      {(resource.list.filters ?? []).map((key) => (
        <Form.Item key={key} name={key} style={{ marginInlineEnd: 8 }}>
          <Select
            aria-label={`Filtrer par ${columnLabel(resource, key).toLowerCase()}`}
            style={{ minWidth: 160 }}
            placeholder={`${columnLabel(resource, key)} : tous`}
            options={filterOptions(resource, key)}
            onChange={submit}
          />
        </Form.Item>
      ))}
    </Form>
  );
}

function filterOptions(resource: AnyResource, key: string) {
  const field = resource.fields[key];
  const all = { value: ALL, label: 'Tous' };
  if (field?.kind === 'boolean') return [all, { value: true, label: 'Oui' }, { value: false, label: 'Non' }];
  return [all, ...Object.entries(field?.options ?? {}).map(([value, label]) => ({ value, label }))];
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
