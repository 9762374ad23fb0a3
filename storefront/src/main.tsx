import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { formatXOF } from '@app/shared/format';
import { type RouterOutputs, trpc } from './lib/trpc';

type Product = RouterOutputs['products']['list']['rows'][number];

// Placeholder home until the storefront issue lands: proves the typed client end to end.
function App() {
  const [products, setProducts] = useState<Product[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    trpc.products.list.query({ pageSize: 12 }).then((r) => setProducts(r.rows), () => setError('Impossible de charger les produits.'));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <h1>Nos produits</h1>
      {error && <p role="alert">{error}</p>}
      {!products && !error && <p>Chargement...</p>}
      <ul>
        {products?.map((p) => (
          <li key={p.id}>
            {p.name} — {formatXOF(p.price)}
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
