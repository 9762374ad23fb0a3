import { useSettings } from '../../lib/settings';
import { primaryButton } from '../ui/buttons';

/**
 * Text only: it paints with the page. The promises under it are the shop's own (Paramètres, sent
 * with the page's data); a shop that made none shows none.
 */
export function Hero() {
  const promises = useSettings()?.homePromises ?? [];
  return (
    <section className="bg-gradient-to-br from-blue-800 to-blue-950 pb-12 pt-28 text-white">
      <div className="mx-auto max-w-6xl px-4">
        <h1 className="max-w-2xl text-3xl font-extrabold leading-tight sm:text-4xl">
          La technologie et la crypto, en toute confiance, au Bénin
        </h1>
        <p className="mt-4 max-w-2xl text-blue-100">
          Ordinateurs, smartphones, services informatiques et formations crypto : des conseils honnêtes, des produits choisis.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href="/products" className={`${primaryButton} bg-amber-500 text-slate-900 hover:bg-amber-400`}>
            Voir les produits
          </a>
          <a
            href="/crypto-courses"
            className="inline-flex min-h-11 items-center rounded-lg border border-white/60 px-5 font-semibold hover:bg-white/10"
          >
            Formations crypto
          </a>
        </div>
        {promises.length > 0 && (
          <ul className="mt-8 grid grid-cols-1 gap-2 text-sm text-blue-100 sm:grid-cols-3">
            {promises.map((promise) => (
              <li key={promise}>{`✓ ${promise}`}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
