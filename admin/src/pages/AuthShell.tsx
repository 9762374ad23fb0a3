import type { ReactNode } from 'react';

/** Centered column for the pages outside the session (login, forgot password). */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f0f2f5' }}>
      <div style={{ width: '100%', maxWidth: 400 }}>
        <p style={{ textAlign: 'center', fontWeight: 600, fontSize: 18, margin: '0 0 16px' }}>Espace administration</p>
        {children}
      </div>
    </main>
  );
}

/** A plain white panel: antd's Card would bring its tabs and menus into the login page's bundle. */
export function Panel({ children }: { children: ReactNode }) {
  return (
    <section style={{ background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 1px 3px rgba(0,0,0,0.08)' }}>{children}</section>
  );
}
