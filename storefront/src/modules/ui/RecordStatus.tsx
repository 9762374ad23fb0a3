import type { ReactNode } from 'react';
import { isNotFound } from '../../lib/errors';
import { NotFound } from './NotFound';
import { Page } from './Page';
import { QueryStatus } from './QueryStatus';

interface RecordQuery {
  data: unknown;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A record page has nothing of its own to show: the address is malformed or the record gone, or it is on its way. */
export const recordMissing = (query: RecordQuery, valid = true) => !valid || !query.data || isNotFound(query.error);

/** What a record page shows meanwhile: the not-found page (404 on the server), or loading and errors with a retry. */
export function RecordStatus({ query, valid = true, narrow }: { query: RecordQuery; valid?: boolean; narrow?: boolean }) {
  if (!valid || isNotFound(query.error)) return <NotFound />;
  return (
    <Page narrow={narrow}>
      <QueryStatus isPending={query.isPending} error={query.error} retry={() => void query.refetch()} />
    </Page>
  );
}

/** The way back from a record to its list. */
export function Breadcrumb({ to, label, children }: { to: string; label: string; children?: ReactNode }) {
  return (
    <nav aria-label="Fil d'Ariane" className="mb-4 text-sm text-slate-500">
      <a href={to} className="hover:text-blue-700">
        {label}
      </a>
      {children && <> / {children}</>}
    </nav>
  );
}
