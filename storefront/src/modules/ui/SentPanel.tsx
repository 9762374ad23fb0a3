import type { ReactNode } from 'react';
import { secondaryButton } from './buttons';

/**
 * The lasting answer to a form sent (a toast goes away while the shopper looks elsewhere): what
 * happened, and a button back to an empty form.
 */
export function SentPanel({ title, children, again, onAgain }: { title: string; children: ReactNode; again: string; onAgain: () => void }) {
  return (
    <div role="status" className="space-y-3 self-start rounded-xl border border-green-200 bg-green-50 p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-green-900">{title}</h2>
      <p className="text-green-900">{children}</p>
      <button type="button" className={secondaryButton} onClick={onAgain}>
        {again}
      </button>
    </div>
  );
}
