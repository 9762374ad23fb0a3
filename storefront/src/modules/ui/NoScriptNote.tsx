import { whatsappLink } from '@app/shared/format';
import type { ReactNode } from 'react';
import { useSettings } from '../../lib/settings';

/**
 * Shown only by a browser without JavaScript (the server's page as it is): what on this page
 * needs it, and the shop's WhatsApp as another way. A browser running the app shows nothing.
 */
export function NoScriptNote({ children }: { children: ReactNode }) {
  const whatsapp = useSettings()?.whatsapp;
  return (
    <noscript>
      <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {children} Activez JavaScript dans les réglages de votre navigateur
        {whatsapp ? (
          <>
            {' '}
            ou écrivez-nous sur <a href={whatsappLink(whatsapp)}>WhatsApp</a>
          </>
        ) : null}
        .
      </p>
    </noscript>
  );
}
