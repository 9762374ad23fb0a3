import type { ReactNode } from 'react';

/** Page body width and padding; the top padding clears the fixed header. */
export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto w-full px-4 pb-12 pt-24 ${narrow ? 'max-w-3xl' : 'max-w-6xl'}`}>{children}</div>;
}
