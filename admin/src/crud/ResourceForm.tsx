import { LinkButton } from './LinkButton';
import { slugify } from '@app/shared/format';
import { formTitle } from '@app/shared/resources';
import { retryUnlessRefused } from '../providers/errors';
import { useForm } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { Button, Card, Form, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FieldItem } from '../fields/FieldItem';
import { checkRulesFor } from '../fields/rules';
import { defaultValues, formFields, toApiValues } from '../fields/values';
import type { AdminEntry } from './registry';
import { PageTitle } from '../layout/PageTitle';

interface Props {
  entry: AdminEntry;
  action: 'create' | 'edit';
  /** Settings: one row, no list to go back to. */
  singletonId?: string;
  title?: string;
}

type Values = Record<string, unknown>;

/**
 * Text fields a link fills in a create form (`/products/add?barcode=…`: a code scanned during a count
 * that no product has yet); what is typed is checked as always.
 */
const givenInAddress = (resource: AdminEntry['resource'], query: URLSearchParams) =>
  Object.fromEntries(
    [...query].filter(([key]) => ['text', 'barcode'].includes(resource.fields[key]?.kind ?? '') && !resource.fields[key]!.readOnly),
  );

/** Create and edit screens of any resource, built from its fields. */
export default function ResourceForm({ entry, action, singletonId, title }: Props) {
  const { resource } = entry;
  const params = useParams();
  const [address] = useSearchParams();
  const navigate = useNavigate();
  const backToList = () => navigate(entry.paths.list);
  const { formProps, form, onFinish, query, mutation, formLoading } = useForm<BaseRecord, HttpError, Values>({
    resource: entry.name,
    action,
    id: singletonId ?? params.id,
    // The data provider serves a singleton with get() / update(data).
    meta: { singleton: !!resource.singleton },
    redirect: false,
    queryOptions: { retry: retryUnlessRefused },
    onMutationSuccess: () => {
      if (!singletonId) backToList();
    },
  });

  // A record that does not exist (deleted, mistyped link): back to the list.
  const missing = action === 'edit' && !singletonId && query?.isError;
  useEffect(() => {
    if (missing) navigate(entry.paths.list, { replace: true });
  }, [missing, navigate, entry.paths.list]);

  const fields = formFields(resource, action);
  // Leaving the source field (the blog title) fills the slug from it, while creating or while the
  // slug is empty: a saved address changes only when the owner edits the slug itself.
  const slugSources = new Map(fields.filter(([, f]) => f.kind === 'slug' && f.from).map(([key, f]) => [f.from!, key]));
  const saving = mutation.isPending;
  const heading = title ?? formTitle(resource, action);
  // Until the record is there, its fields take no typing (the keyboard reaches them under the
  // spinner): what the owner typed would be overwritten by the values arriving.
  const loading = action === 'edit' && Boolean(query?.isLoading);

  return (
    <Card title={<PageTitle>{heading}</PageTitle>} style={{ maxWidth: 880 }}>
      <Spin spinning={loading} tip="Chargement...">
        <Form
          {...formProps}
          disabled={loading}
          layout="vertical"
          initialValues={
            action === 'create' ? { ...defaultValues(resource), ...givenInAddress(resource, address) } : formProps.initialValues
          }
          // Failures are already shown (notification, field errors): nothing is left unhandled.
          onFinish={(values) => onFinish(toApiValues(resource, values, action)).catch(() => undefined)}
          scrollToFirstError
        >
          {fields.map(([key, field]) => (
            <FieldItem
              key={key}
              name={key}
              field={field}
              action={action}
              checks={checkRulesFor(resource, key, action)}
              onBlur={
                slugSources.has(key)
                  ? () => {
                      const source = form.getFieldValue(key) as unknown;
                      const slugKey = slugSources.get(key)!;
                      const keep = action !== 'create' && String(form.getFieldValue(slugKey) ?? '').trim() !== '';
                      if (!keep && typeof source === 'string' && source.trim()) form.setFieldValue(slugKey, slugify(source));
                    }
                  : undefined
              }
            />
          ))}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving} disabled={formLoading && !saving}>
              {saving ? 'Envoi en cours...' : 'Enregistrer'}
            </Button>
            {singletonId ? null : <LinkButton to={entry.paths.list}>Annuler</LinkButton>}
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
