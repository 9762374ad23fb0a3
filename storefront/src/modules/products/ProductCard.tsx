import { productPath } from '@app/shared/ssr';
import { labelOf, productCategoryLabels } from '../../lib/labels';
import { earlyAdd } from '../cart/earlyAdd';
import { useAddToCart } from '../cart/useAddToCart';
import { card, primaryButton } from '../ui/buttons';
import { Img } from '../ui/Img';
import { Price } from '../ui/Price';
import { StockState } from './StockState';
import type { Product } from './types';
import { CardTitle } from '../ui/Cards';

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const addToCart = useAddToCart();
  const soldOut = product.stock === 0;
  const item = {
    id: product.id,
    type: 'product' as const,
    name: product.name,
    price: product.price,
    image: product.images[0] ?? null,
    stock: product.stock,
  };
  return (
    <article className={`${card} flex flex-col overflow-hidden`}>
      <a href={productPath(product)} className="block">
        <Img
          src={product.images[0]}
          alt={product.name}
          width={400}
          height={300}
          eager={eager}
          sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
          className="aspect-[4/3] w-full bg-white object-contain"
        />
      </a>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="text-xs uppercase tracking-wide text-slate-500">{labelOf(productCategoryLabels, product.category)}</p>
        <CardTitle className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base">
          <a href={productPath(product)} className="hover:text-blue-700">
            {product.name}
          </a>
        </CardTitle>
        <Price amount={product.price} compareAt={product.compareAtPrice} from={product.pricesVary} className="text-sm" />
        <StockState stock={product.stock} />
        {product.options ? (
          // Sold in versions: the shopper picks one on its page.
          <a
            href={productPath(product)}
            className={`${primaryButton} mt-auto w-full whitespace-nowrap px-1 text-center text-[13px] sm:text-sm`}
            aria-label={`Choisir une version : ${product.name}`}
          >
            Choisir
          </a>
        ) : (
          <button
            type="button"
            disabled={soldOut}
            onClick={() => addToCart({ ...item, quantity: 1 })}
            {...earlyAdd(item)}
            // It may say "Ajouté ✓" for a moment when the app takes the page over (boot.ts).
            suppressHydrationWarning
            className={`${primaryButton} mt-auto w-full whitespace-nowrap px-1 text-[13px] sm:text-sm`}
          >
            {soldOut ? 'Indisponible' : 'Ajouter au panier'}
          </button>
        )}
      </div>
    </article>
  );
}
