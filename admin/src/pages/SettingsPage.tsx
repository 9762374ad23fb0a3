import { Space } from 'antd';
import ResourceForm from '../crud/ResourceForm';
import type { AdminEntry } from '../crud/registry';
import { SINGLETON_ID } from '../providers/data-provider';
import { CatalogueFeeds } from './CatalogueFeeds';
import { InvoicingStatus } from './InvoicingStatus';
import { WhatsAppStatus } from './WhatsAppStatus';

/** The business details and social links the storefront shows: the single settings row, and the state of normalized invoices and of WhatsApp. */
export default function SettingsPage({ entry }: { entry: AdminEntry }) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <InvoicingStatus />
      <WhatsAppStatus />
      <ResourceForm entry={entry} action="edit" singletonId={SINGLETON_ID} title={entry.resource.label.plural} />
      <CatalogueFeeds />
    </Space>
  );
}
