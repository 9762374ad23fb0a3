import { secondaryButton } from '../ui/buttons';

/**
 * Previous / next, taking the shopper back to the top of the list (not left at the footer);
 * a page number past the end (an old shared link, a hand-edited address) offers the way back.
 */
export function ProductsPager({
  page,
  pages,
  listTop,
  onPage,
}: {
  page: number;
  pages: number;
  listTop: () => HTMLElement | null;
  onPage: (page: number) => void;
}) {
  const go = (next: number) => {
    onPage(next);
    listTop()?.scrollIntoView({ block: 'start' });
  };
  if (page > pages) {
    return (
      <div className="py-8 text-center" role="status">
        <p className="mb-3">
          Cette page n’existe pas : la liste compte {pages} page{pages > 1 ? 's' : ''}.
        </p>
        <button type="button" className={secondaryButton} onClick={() => go(pages)}>
          Revenir à la page {pages}
        </button>
      </div>
    );
  }
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
      <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => go(page - 1)}>
        Précédent
      </button>
      <span className="text-sm">
        Page {page} sur {pages}
      </span>
      <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => go(page + 1)}>
        Suivant
      </button>
    </nav>
  );
}
