import { NoScriptNote } from '../ui/NoScriptNote';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';

/** The cart lives in the browser: until it is read, its pages say so rather than "panier vide". */
export function CartPending({ title }: { title: string }) {
  return (
    <Page narrow>
      <PageHeader title={title} />
      <NoScriptNote>Le panier et la commande ont besoin de JavaScript, que ce navigateur n’exécute pas.</NoScriptNote>
      <p role="status" className="needs-js py-8 text-center text-slate-500">
        Chargement du panier...
      </p>
    </Page>
  );
}
