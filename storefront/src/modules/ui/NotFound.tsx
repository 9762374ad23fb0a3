import { useHead } from '../../lib/head';
import { useTitle } from '../../lib/title';
import { Page } from './Page';
import { PageHeader } from './PageHeader';
import { primaryButton, secondaryButton } from './buttons';

/** The French not-found page: for unknown paths and for records that do not exist. */
export function NotFound() {
  // The server answers this page with HTTP 404.
  const head = useHead();
  if (head) head.status = 404;
  useTitle('Page introuvable');
  return (
    <Page narrow>
      <div className="py-10 text-center">
        <p className="text-6xl font-extrabold text-blue-700">404</p>
        <PageHeader title="Page introuvable" intro="La page que vous cherchez n'existe pas ou a été déplacée." />
        <div className="flex flex-wrap justify-center gap-3">
          <a href="/" className={primaryButton}>
            Retour à l'accueil
          </a>
          <a href="/products" className={secondaryButton}>
            Voir les produits
          </a>
        </div>
      </div>
    </Page>
  );
}
