import DOMPurify from 'dompurify';
import { createContext, useContext, useMemo } from 'react';

/** The server's own sanitizer, when the page is rendered there (no DOM for DOMPurify). */
export const ServerSanitizer = createContext<((html: string) => string) | null>(null);

/**
 * Rich text from the database. The server already sanitizes on write; cleaning again where the
 * page is rendered is defence in depth, so a row written before that rule (or by a bug) still
 * runs no script: DOMPurify in the browser, the server's sanitizer when it renders the page.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const onServer = useContext(ServerSanitizer);
  const clean = useMemo(
    () => (onServer ? onServer(html) : DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] })),
    [html, onServer],
  );
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
