import type { CartItemType } from '@app/shared/cart';
import { useId, useState } from 'react';
import { useMaxPerLine } from '../../lib/settings';
import { earlyAdd } from '../cart/earlyAdd';
import { useAddToCart } from '../cart/useAddToCart';
import { QuantityInput } from '../cart/QuantityInput';
import { primaryButton } from '../ui/buttons';
import { NoScriptNote } from '../ui/NoScriptNote';

interface Props {
  item: { id: string; type: CartItemType; name: string; price: number; image?: string | null };
  /** Units left (null: not tracked). */
  stock?: number | null;
}

/** Quantity plus "Ajouter au panier", for products, services and courses alike. */
export function AddToCart({ item, stock = null }: Props) {
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const perLine = useMaxPerLine();
  const field = useId();
  if (stock === 0)
    return (
      <p className="font-semibold text-red-700">Ce produit est en rupture de stock. Contactez-nous pour connaître la date de retour.</p>
    );
  const max = stock === null ? perLine : Math.min(stock, perLine);
  return (
    <>
      <NoScriptNote>Le panier a besoin de JavaScript, que ce navigateur n’exécute pas.</NoScriptNote>
      <div className="flex flex-wrap items-center gap-3">
        <QuantityInput id={field} value={quantity} max={max} label={item.name} onChange={(n) => setQuantity(Math.max(1, n))} />
        <button
          type="button"
          className={`${primaryButton} flex-1`}
          onClick={() => addToCart({ ...item, quantity, stock })}
          {...earlyAdd({ ...item, stock }, field)}
          // It may say "Ajouté ✓" for a moment when the app takes the page over (boot.ts).
          suppressHydrationWarning
        >
          Ajouter au panier
        </button>
      </div>
    </>
  );
}
