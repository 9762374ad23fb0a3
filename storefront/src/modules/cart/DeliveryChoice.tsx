import { formatXOF } from '@app/shared/format';
import { useEffect } from 'react';
import { useDeliveryOptions } from '../delivery/useDeliveryOptions';
import { useCart } from './useCart';

/** Delivery radios shared by the cart and the checkout: choosing one sets the cart's delivery. */
export function DeliveryChoice({ error }: { error?: string | undefined }) {
  const { data } = useDeliveryOptions();
  const { cart, chooseDelivery } = useCart();
  // The option the shop recommends is chosen until the shopper picks another (as a shop counter would).
  const recommended = data?.rows.find((option) => option.recommended);
  useEffect(() => {
    if (recommended && !cart.delivery) chooseDelivery({ id: recommended.id, name: recommended.name, price: recommended.price });
  }, [recommended, cart.delivery, chooseDelivery]);
  if (!data) return <p className="text-sm text-slate-500">Chargement...</p>;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">Livraison</legend>
      <div className="space-y-2">
        {data.rows.map((option) => (
          <label
            key={option.id}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${cart.delivery?.id === option.id ? 'border-blue-700 bg-blue-50' : 'border-slate-300 bg-white'}`}
          >
            <input
              type="radio"
              name="delivery"
              className="mt-1 size-4"
              checked={cart.delivery?.id === option.id}
              onChange={() => chooseDelivery({ id: option.id, name: option.name, price: option.price })}
            />
            <span className="min-w-0 flex-1 text-sm break-words">
              <span className="font-medium">
                {option.icon} {option.name}
              </span>
              {option.recommended && (
                <span className="ml-2 inline-block whitespace-nowrap rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-800">
                  Recommandée
                </span>
              )}
              <span className="block text-slate-600">{option.deliveryTime}</span>
            </span>
            <span className="shrink-0 whitespace-nowrap text-sm font-semibold">{formatXOF(option.price)}</span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
