import type { CartItem } from '@app/shared/cart';
import { formatXOF } from '@app/shared/format';
import { useMaxPerLine } from '../../lib/settings';
import { toast } from '../ui/toast';
import { itemTypeLabels, labelOf } from '../../lib/labels';
import { Img } from '../ui/Img';
import { QuantityInput } from './QuantityInput';
import { StockNote } from './StockNote';
import { LineSession } from './LineSession';
import { useCart } from './useCart';

export function CartLine({ item }: { item: CartItem }) {
  const { setQuantity, remove } = useCart();
  const perLine = useMaxPerLine();
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <Img src={item.image} alt="" width={80} height={60} className="h-15 w-20 shrink-0 rounded-md object-cover" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap justify-between gap-x-3">
          <p className="font-medium text-slate-900">{item.name}</p>
          <p className="font-semibold" data-testid="line-total">
            {formatXOF(item.price * item.quantity)}
          </p>
        </div>
        <p className="text-xs text-slate-500">
          {labelOf(itemTypeLabels, item.type)} · {formatXOF(item.price)} l'unité
        </p>
        <StockNote item={item} />
        {item.type === 'course' ? <LineSession item={item} /> : null}
        <div className="flex flex-wrap items-center gap-3">
          <QuantityInput
            value={item.quantity}
            max={typeof item.stock === 'number' ? Math.max(Math.min(item.stock, perLine), 1) : perLine}
            label={item.name}
            onChange={(n) => {
              if (typeof item.stock === 'number' && n > item.stock) toast.error(`Il ne reste que ${item.stock} « ${item.name} » en stock.`);
              setQuantity(item.id, item.type, n);
            }}
          />
          <button
            type="button"
            onClick={() => remove(item.id, item.type)}
            className="min-h-11 px-2 text-sm font-semibold text-red-700 hover:underline"
          >
            Retirer
          </button>
        </div>
      </div>
    </li>
  );
}
