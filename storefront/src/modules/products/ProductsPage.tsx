import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { QueryStatus } from '../ui/QueryStatus';
import { secondaryButton } from '../ui/buttons';
import { ProductFilters } from './ProductFilters';
import { ProductGrid } from './ProductGrid';
import { PAGE_SIZE, useProductList } from './useProductList';

export function ProductsPage() {
  const { query, page, result, update } = useProductList();
  const { data, isPending, error, refetch } = result;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Page>
      <PageHeader title="Nos produits" intro="Ordinateurs, smartphones, accessoires et portefeuilles crypto, livrés partout au Bénin." />
      <ProductFilters key={query.search} query={query} onChange={update} />
      <QueryStatus isPending={isPending} error={error} retry={() => void refetch()} empty={data?.rows.length === 0 && 'Aucun produit trouvé.'} />
      {data && data.rows.length > 0 && (
        <>
          <p className="mb-3 text-sm text-slate-500" aria-live="polite">
            {data.total} produit{data.total > 1 ? 's' : ''}
          </p>
          <ProductGrid products={data.rows} eagerCount={2} />
        </>
      )}
      {pages > 1 && (
        <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
          <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
            Précédent
          </button>
          <span className="text-sm">
            Page {page} sur {pages}
          </span>
          <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => update({ page: page + 1 })}>
            Suivant
          </button>
        </nav>
      )}
    </Page>
  );
}
