import { countOf } from '@app/shared/format';
import type { CartItem } from '@app/shared/cart';

/** Under a cart line (phrasing content: it may sit inside a line's <span>): how many are left when few are, or that the line asks for more than there is. */
export function StockNote({ item }: { item: Pick<CartItem, 'stock' | 'quantity'> }) {
  if (typeof item.stock !== 'number') return null;
  if (item.quantity > item.stock) {
    return (
      <span className="block text-sm font-semibold text-red-700" role="alert" data-testid="stock-short">
        {item.stock === 0
          ? 'Plus en stock : retirez cet article.'
          : `Il ne reste que ${countOf(item.stock, 'article disponible', 'articles disponibles')} : réduisez la quantité.`}
      </span>
    );
  }
  return item.stock <= 10 ? (
    <span className="block text-xs font-medium text-amber-800" data-testid="stock-left">
      Plus que {item.stock} en stock.
    </span>
  ) : null;
}
