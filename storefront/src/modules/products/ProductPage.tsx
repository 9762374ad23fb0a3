import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../lib/errors';
import { labelOf, productCategoryLabels } from '../../lib/labels';
import { NotFound } from '../ui/NotFound';
import { Page } from '../ui/Page';
import { QueryStatus } from '../ui/QueryStatus';
import { SafeHtml } from '../ui/SafeHtml';
import { useTitle } from '../../lib/title';
import { Price } from '../ui/Price';
import { AddToCart } from './AddToCart';
import { Gallery } from './Gallery';
import { StockState } from './StockState';
import { isUuid } from '../../lib/id';
import { api, queries } from '../../lib/queries';

export function ProductPage() {
  const { id = '' } = useParams();
  const valid = isUuid(id);
  const { data: product, isPending, error, refetch } = useQuery({ ...queries.product(api, id), enabled: valid });
  useTitle(product?.name);
  // A malformed id can never exist: show the not-found page without asking the server.
  if (!valid || isNotFound(error)) return <NotFound />;
  if (!product) {
    return (
      <Page>
        <QueryStatus isPending={isPending} error={error} retry={() => void refetch()} />
      </Page>
    );
  }
  return (
    <Page>
      <nav aria-label="Fil d'Ariane" className="mb-4 text-sm text-slate-500">
        <Link to="/products" className="hover:text-blue-700">
          Produits
        </Link>{' '}
        / {labelOf(productCategoryLabels, product.category)}
      </nav>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <Gallery images={product.images} name={product.name} />
        <div className="space-y-4">
          <h1 className="text-2xl font-bold text-slate-900">{product.name}</h1>
          <Price amount={product.price} compareAt={product.compareAtPrice} className="text-xl" />
          <div>
            <StockState stock={product.stock} />
          </div>
          <p className="text-slate-700">{product.shortDescription}</p>
          <AddToCart
            item={{ id: product.id, type: 'product', name: product.name, price: product.price, image: product.images[0] ?? null }}
            stock={product.stock}
          />
        </div>
      </div>
      <section className="mt-10 max-w-3xl" aria-labelledby="description">
        <h2 id="description" className="mb-3 text-xl font-bold">
          Description
        </h2>
        <SafeHtml html={product.description} />
      </section>
    </Page>
  );
}
