import { card, primaryButton, secondaryButton } from '../ui/buttons';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { CartLine } from './CartLine';
import { needsShipping } from '@app/shared/labels';
import { CartTotals } from './CartTotals';
import { DeliveryChoice } from './DeliveryChoice';
import { useCart } from './useCart';
import { useCartStock } from './useCartStock';
import { CartPending } from './CartPending';

export function CartPage() {
  const { cart, clear, ready } = useCart();
  useCartStock();
  if (!ready) return <CartPending title="Mon panier" />;
  if (cart.items.length === 0) {
    return (
      <Page narrow>
        <PageHeader title="Mon panier" />
        <div className={`${card} p-8 text-center`}>
          <p className="mb-4 text-slate-600">Votre panier est vide.</p>
          <a href="/products" className={primaryButton}>
            Découvrir nos produits
          </a>
        </div>
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader title="Mon panier" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <section className={`${card} self-start px-4`} aria-label="Articles">
          <ul className="divide-y divide-slate-200">
            {cart.items.map((item) => (
              <CartLine key={`${item.type}:${item.id}`} item={item} />
            ))}
          </ul>
        </section>
        <aside className={`${card} space-y-5 self-start p-4`}>
          {needsShipping(cart.items) ? <DeliveryChoice /> : null}
          <CartTotals withDelivery={needsShipping(cart.items)} />
          <a href="/checkout" className={`${primaryButton} w-full`}>
            Passer la commande
          </a>
          <button
            type="button"
            className={`${secondaryButton} w-full`}
            onClick={() => {
              if (window.confirm('Vider le panier ? Tous les articles seront retirés.')) clear();
            }}
          >
            Vider le panier
          </button>
        </aside>
      </div>
    </Page>
  );
}
