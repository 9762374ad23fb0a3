import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich text from the database. The server already sanitizes on write; cleaning again here is
 * defence in depth, so a row written before that rule (or by a bug) still runs no script.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] }), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
