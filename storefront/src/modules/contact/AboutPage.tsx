import { useSettings } from '../../lib/settings';
import { Testimonials } from '../home/Testimonials';
import { card, primaryButton, secondaryButton } from '../ui/buttons';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';

const values = [
  ['Produits garantis', 'Du matériel neuf ou reconditionné avec soin, testé en boutique et garanti.'],
  ['Service de proximité', 'Des techniciens au Bénin pour installer, réparer et conseiller, en français.'],
  ['Formation crypto experte', 'Des formations concrètes pour utiliser les cryptomonnaies sans vous faire piéger.'],
] as const;

export function AboutPage() {
  const settings = useSettings();
  return (
    <Page>
      <PageHeader title="À propos" intro={settings?.tagline} />
      <div className="space-y-4 text-slate-700 md:max-w-3xl">
        <p>
          {settings?.businessName ?? 'Notre boutique'} accompagne particuliers, étudiants et entreprises du Bénin dans leurs choix
          technologiques : ordinateurs, smartphones, réseaux, sites web, et désormais la crypto, avec des conseils honnêtes et un service
          après-vente joignable.
        </p>
        <p>Nous livrons partout au Bénin et vous payez à la livraison, en espèces ou par mobile money.</p>
      </div>
      <ul className="my-8 grid gap-4 md:grid-cols-3">
        {values.map(([title, text]) => (
          <li key={title} className={`${card} p-4`}>
            <h2 className="font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mb-10 flex flex-wrap gap-3">
        <a href="/products" className={primaryButton}>
          Voir nos produits
        </a>
        <a href="/contact" className={secondaryButton}>
          Nous contacter
        </a>
      </div>
      <Testimonials />
    </Page>
  );
}
