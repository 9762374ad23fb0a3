import { groupDigits } from '@app/shared/format';
import { useRef } from 'react';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { QueryStatus } from '../ui/QueryStatus';
import { ProductFilters } from './ProductFilters';
import { ProductGrid } from './ProductGrid';
import { ProductsPager } from './ProductsPager';
import { SearchSuggestions } from './SearchSuggestions';
import { PAGE_SIZE, useProductList } from './useProductList';
import { ListUnderTitle } from '../ui/Cards';

export function ProductsPage() {
  const { query, page, result, update } = useProductList();
  const top = useRef<HTMLDivElement>(null);
  const { data, isPending, error, refetch } = result;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Page>
      <PageHeader title="Nos produits" intro="Ordinateurs, smartphones, accessoires et portefeuilles crypto, livrés partout au Bénin." />
      <ProductFilters query={query} onChange={update} />
      <QueryStatus isPending={isPending} error={error} retry={() => void refetch()} empty={data?.total === 0 && 'Aucun produit trouvé.'} />
      <div ref={top} />
      <SearchSuggestions suggestions={data?.suggestions} onPick={(search) => update({ search })} />
      {data && data.rows.length > 0 && (
        <>
          <p className="mb-3 text-sm text-slate-500" aria-live="polite">
            {'more' in data && data.more ? 'Plus de ' : ''}
            {groupDigits(data.total)} produit{data.total > 1 ? 's' : ''}
          </p>
          <ListUnderTitle>
            <ProductGrid products={data.rows} eagerCount={2} />
          </ListUnderTitle>
        </>
      )}
      {data && <ProductsPager page={page} pages={pages} listTop={() => top.current} onPage={(next) => update({ page: next })} />}
    </Page>
  );
}
