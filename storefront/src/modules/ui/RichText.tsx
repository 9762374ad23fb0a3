/**
 * Rich text from the database (a product's description, an article). The server sanitizes it on
 * every write and again as it leaves (server/src/crud/repository.ts#readable), for the page it
 * renders and for the API alike, so the browser shows it as it comes: no sanitizer of its own to
 * download and run while the app takes the page over. The CSP (no inline script) stands behind.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
