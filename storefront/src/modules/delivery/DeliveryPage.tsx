import { toast } from '../ui/toast';
import { useCart } from '../cart/useCart';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { QueryStatus } from '../ui/QueryStatus';
import { DeliveryCard } from './DeliveryCard';
import { useDeliveryOptions } from './useDeliveryOptions';

export function DeliveryPage() {
  const { data, isPending, error, refetch } = useDeliveryOptions();
  const { cart, chooseDelivery } = useCart();
  return (
    <Page>
      <PageHeader
        title="Options de livraison"
        intro="Choisissez comment recevoir votre commande. Le prix de la livraison s'ajoute au total de votre panier."
      />
      <QueryStatus
        isPending={isPending}
        error={error}
        retry={() => void refetch()}
        empty={data?.rows.length === 0 && 'Aucune option de livraison trouvée.'}
      />
      <ul className="grid grid-cols-1 gap-6 pt-3 md:grid-cols-3">
        {data?.rows.map((option) => (
          <li key={option.id}>
            <DeliveryCard
              option={option}
              chosen={cart.delivery?.id === option.id}
              onChoose={() => {
                chooseDelivery({ id: option.id, name: option.name, price: option.price });
                toast.success(`Livraison choisie : ${option.name}.`);
              }}
            />
          </li>
        ))}
      </ul>
      {cart.delivery && (
        <p className="mt-8 text-center">
          <a href="/cart" className="font-semibold text-blue-700 underline">
            Voir mon panier
          </a>
        </p>
      )}
    </Page>
  );
}
