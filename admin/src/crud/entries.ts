import { resources } from '@app/shared/resources';
import { type AdminEntry, adminEntries } from './registry';

// The registry's whole declarations, loaded with the first screen that works on records (a list,
// a form, the settings), not with the dashboard.
const byName = new Map(adminEntries(resources).map((entry) => [entry.name, entry]));

export function entryNamed(name: string): AdminEntry {
  const entry = byName.get(name);
  if (!entry) throw new Error(`Ressource inconnue : ${name}`);
  return entry;
}
