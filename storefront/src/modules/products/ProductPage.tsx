import { isRecordKey } from '@app/shared/format';
import { productConditions } from '@app/shared/labels';
import { productPath } from '@app/shared/ssr';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { labelOf, productCategoryLabels } from '../../lib/labels';
import { Page } from '../ui/Page';
import { Breadcrumb, RecordStatus, recordMissing } from '../ui/RecordStatus';
import { RichText } from '../ui/RichText';
import { useTitle } from '../../lib/title';
import { Price } from '../ui/Price';
import { AddToCart } from './AddToCart';
import { Gallery } from './Gallery';
import { StockState } from './StockState';
import { useCurrentAddress } from '../../lib/address';
import { api, queries } from '../../lib/queries';

export function ProductPage() {
  const { slug = '' } = useParams();
  const valid = isRecordKey(slug);
  const query = useQuery({ ...queries.product(api, slug), enabled: valid });
  const product = query.data;
  useTitle(product?.name);
  useCurrentAddress(slug, product, productPath, (current) => queries.product(api, current).queryKey);
  // A malformed id can never exist: show the not-found page without asking the server.
  if (!product || recordMissing(query, valid)) return <RecordStatus query={query} valid={valid} />;
  return (
    <Page>
      <Breadcrumb to="/products" label="Produits">
        {labelOf(productCategoryLabels, product.category)}
      </Breadcrumb>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <Gallery images={product.images} name={product.name} />
        <div className="space-y-4">
          <h1 className="text-2xl font-bold text-slate-900">{product.name}</h1>
          <Price amount={product.price} compareAt={product.compareAtPrice} className="text-xl" />
          <div>
            <StockState stock={product.stock} />
          </div>
          {product.condition !== 'new' ? (
            <p className="text-sm text-slate-700">
              État : <strong>{productConditions[product.condition]}</strong>
            </p>
          ) : null}
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
        <RichText html={product.description} />
      </section>
    </Page>
  );
}
