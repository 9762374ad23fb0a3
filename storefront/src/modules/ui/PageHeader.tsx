import type { ReactNode } from 'react';
import { useTitle } from '../../lib/title';

/** The page's h1 and intro; also sets the tab title. */
export function PageHeader({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  useTitle(title);
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {intro && <p className="mt-2 max-w-2xl text-slate-600">{intro}</p>}
      {children}
    </header>
  );
}
