import { isRecordKey } from '@app/shared/format';
import { productConditions } from '@app/shared/labels';
import { productPath } from '@app/shared/ssr';
import { chosenVariant, closestVariant, type PublicVariant } from '@app/shared/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { labelOf, productCategoryLabels } from '../../lib/labels';
import { Page } from '../ui/Page';
import { Breadcrumb, RecordStatus, recordMissing } from '../ui/RecordStatus';
import { RichText } from '../ui/RichText';
import { useTitle } from '../../lib/title';
import { Price } from '../ui/Price';
import { AddToCart } from './AddToCart';
import { Gallery } from './Gallery';
import { StockState } from './StockState';
import { OPTION_PARAMS, VariantPicker } from './VariantPicker';
import { useCurrentAddress } from '../../lib/address';
import { api, queries } from '../../lib/queries';

export function ProductPage() {
  const { slug = '' } = useParams();
  const valid = isRecordKey(slug);
  const query = useQuery({ ...queries.product(api, slug), enabled: valid });
  const versions = useQuery({ ...queries.variants(api, slug), enabled: valid });
  const product = query.data;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  useTitle(product?.name);
  useCurrentAddress(slug, product, productPath, (current) => queries.product(api, current).queryKey);
  // A malformed id can never exist: show the not-found page without asking the server.
  if (!product || recordMissing(query, valid)) return <RecordStatus query={query} valid={valid} />;
  const variants = product.options ? (versions.data ?? []) : [];
  // The version the address names (`?variante=`, or a no-script form's `?o1=…&o2=…`), else the first in stock.
  const asked = OPTION_PARAMS.map((p) => search.get(p));
  const chosen: PublicVariant | null =
    asked[0] !== null ? closestVariant(variants, asked) : chosenVariant(variants, search.get('variante'));
  const choose = (v: PublicVariant) =>
    void navigate(`${productPath(product)}?variante=${v.key}`, { replace: true, preventScrollReset: true });
  const images = chosen?.image ? [chosen.image, ...product.images.filter((i) => i !== chosen.image)] : product.images;
  const sale = chosen ?? product;
  return (
    <Page>
      <Breadcrumb to="/products" label="Produits">
        {labelOf(productCategoryLabels, product.category)}
      </Breadcrumb>
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <Gallery key={chosen?.id} images={images} name={chosen?.name ?? product.name} />
        <div className="space-y-4">
          <h1 className="text-2xl font-bold text-slate-900">{product.name}</h1>
          <Price amount={sale.price} compareAt={sale.compareAtPrice} className="text-xl" />
          <div>
            <StockState stock={sale.stock} />
          </div>
          {chosen && product.options ? (
            <VariantPicker options={product.options} variants={variants} chosen={chosen} action={productPath(product)} onChoose={choose} />
          ) : null}
          {product.condition !== 'new' ? (
            <p className="text-sm text-slate-700">
              État : <strong>{productConditions[product.condition]}</strong>
            </p>
          ) : null}
          <p className="text-slate-700">{product.shortDescription}</p>
          {product.options && !chosen ? (
            <p className="text-slate-700">
              {versions.isError ? 'Versions indisponibles : rechargez la page.' : 'Chargement des versions…'}
            </p>
          ) : (
            <AddToCart
              key={sale.id}
              item={{ id: sale.id, type: 'product', name: sale.name, price: sale.price, image: images[0] ?? null }}
              stock={sale.stock}
            />
          )}
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
