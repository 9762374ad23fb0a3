import ResourceForm from '../crud/ResourceForm';
import type { AdminEntry } from '../crud/registry';
import { SINGLETON_ID } from '../providers/data-provider';

/** The business details and social links the storefront shows: the single settings row. */
export default function SettingsPage({ entry }: { entry: AdminEntry }) {
  return <ResourceForm entry={entry} action="edit" singletonId={SINGLETON_ID} title={entry.resource.label.plural} />;
}
