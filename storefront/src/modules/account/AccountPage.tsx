import { dateTime, formatXOF } from '@app/shared/format';
import { loyaltyKinds, orderStatuses, paymentStatuses } from '@app/shared/labels';
import { PHONE_EXAMPLE } from '@app/shared/phone';
import { NO_SCRIPT_FORMS } from '@app/shared/ssr';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiFailure } from '../../lib/errors';
import { labelOf } from '../../lib/labels';
import { api } from '../../lib/queries';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useCart } from '../cart/useCart';
import { card, primaryButton, secondaryButton } from '../ui/buttons';
import { CheckBox, TextField } from '../ui/Field';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';
import { toast } from '../ui/toast';
import { useHoneypot } from '../ui/useHoneypot';
import { markSignedIn } from './signedIn';

type Space = NonNullable<RouterOutputs['account']['me']>;

/** /mon-espace: the code asked and typed, then the customer's orders, addresses and sign-out. */
export function AccountPage() {
  const me = useQuery(api.account.me.queryOptions(undefined, { retry: false }));
  return (
    <Page narrow>
      <PageHeader
        title="Mon espace"
        intro={me.data ? undefined : 'Retrouvez vos commandes, reçus et factures, sans mot de passe : un code vous est envoyé.'}
      />
      {me.isPending && <p className="mt-4 text-slate-600">Chargement...</p>}
      {me.error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
          {apiFailure(me.error).message}
        </p>
      )}
      {me.data === null && <SignIn />}
      {me.data && <SpaceView space={me.data} />}
    </Page>
  );
}

function SignIn() {
  const client = useQueryClient();
  const honeypot = useHoneypot();
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await trpc.account.requestCode.mutate({ contact, website: honeypot.value() });
      setSent(answer.message);
    } catch (caught) {
      setError(apiFailure(caught).message);
    } finally {
      setBusy(false);
    }
  };
  const enter = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const space = await trpc.account.signIn.mutate({ contact, code });
      markSignedIn(true);
      client.setQueryData(api.account.me.queryKey(), space);
    } catch (caught) {
      setError(apiFailure(caught).message);
      setBusy(false);
    }
  };

  const alert = error && (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
      {error}
    </p>
  );
  if (!sent)
    return (
      <form method="post" action={NO_SCRIPT_FORMS.account} onSubmit={ask} noValidate className={`${card} relative space-y-4 p-4`}>
        <TextField
          label="Téléphone ou e-mail"
          name="contact"
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          placeholder={PHONE_EXAMPLE}
          hint="Celui donné à vos commandes : le code part sur WhatsApp, ou par e-mail."
          required
          autoComplete="tel"
          inputMode="text"
        />
        {honeypot.field}
        {alert}
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Envoi...' : 'Recevoir un code'}
        </button>
      </form>
    );
  return (
    <form method="post" action={NO_SCRIPT_FORMS.accountCode} onSubmit={enter} noValidate className={`${card} space-y-4 p-4`}>
      <p className="text-sm text-slate-700" role="status">
        {sent}
      </p>
      <input type="hidden" name="contact" value={contact} />
      <TextField
        label="Code reçu"
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder="123456"
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
      />
      {alert}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Vérification...' : 'Ouvrir mon espace'}
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void ask()}>
          Renvoyer un code
        </button>
        <button type="button" className={secondaryButton} onClick={() => (setSent(null), setCode(''), setError(null))}>
          Changer de numéro
        </button>
      </div>
    </form>
  );
}

function SpaceView({ space }: { space: Space }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { add } = useCart();
  const [busy, setBusy] = useState<string | null>(null);

  // The order's articles join what the cart already holds (nothing the shopper put there is lost).
  const again = async (number: string) => {
    setBusy(number);
    let found;
    try {
      found = await trpc.account.reorder.query({ number });
    } catch (caught) {
      toast.error(apiFailure(caught).message);
      return setBusy(null);
    }
    if (!found.items.length) {
      toast.error(`Plus rien de la commande ${number} n’est en vente.`);
      return setBusy(null);
    }
    for (const item of found.items) add(item);
    if (found.gone.length) toast.error(`Plus en vente : ${found.gone.join(', ')}.`);
    navigate('/cart');
  };
  const leave = async (everywhere: boolean) => {
    try {
      await trpc.account.signOut.mutate({ everywhere });
      markSignedIn(false);
      client.setQueryData(api.account.me.queryKey(), null);
    } catch (caught) {
      toast.error(apiFailure(caught).message);
    }
  };

  return (
    <div className="mt-4 space-y-4">
      <section className={`${card} p-4`} aria-label="Mes informations">
        <h2 className="text-lg font-bold text-slate-900">Bonjour {space.name}</h2>
        <p className="text-sm text-slate-600">
          {space.phone}
          {space.email ? ` · ${space.email}` : ''}
        </p>
        {space.addresses.length > 0 && (
          <div className="mt-2 text-sm text-slate-700">
            <p className="font-medium">Adresses de livraison</p>
            <ul className="list-inside list-disc">
              {space.addresses.map((a) => (
                <li key={`${a.city}-${a.address}`}>
                  {a.address}, {a.city}
                </li>
              ))}
            </ul>
            <p className="text-xs text-slate-500">Elles sont proposées à la commande.</p>
          </div>
        )}
      </section>
      {space.credit > 0 && (
        <section className={`${card} p-4`} aria-label="Mon avoir">
          <h2 className="text-lg font-semibold text-slate-900">Mon avoir</h2>
          <p>
            <strong>{formatXOF(space.credit)}</strong> rendus sur vos retours, à utiliser en boutique : donnez votre téléphone à la caisse.
          </p>
        </section>
      )}
      {space.loyalty.on && <Points loyalty={space.loyalty} />}
      <section className={`${card} space-y-3 p-4`} aria-label="Mes commandes">
        <h2 className="text-lg font-semibold text-slate-900">Mes commandes</h2>
        {space.orders.length === 0 && <p className="text-slate-600">Aucune commande pour l’instant.</p>}
        {space.orders.map((o) => (
          <article key={o.number} className="border-t border-slate-100 pt-3 first:border-0 first:pt-0" data-testid="my-order">
            <p className="font-semibold">
              {o.number} · {formatXOF(o.total)}
            </p>
            <p className="text-sm text-slate-600">
              {dateTime(o.createdAt)} · {o.channel === 'counter' ? 'En boutique' : 'En ligne'} · {labelOf(orderStatuses, o.status)} ·{' '}
              {labelOf(paymentStatuses, o.paymentStatus)}
            </p>
            <p className="text-sm text-slate-700">{o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <a href={o.trackingPath} className={secondaryButton}>
                Détails, reçu et factures
              </a>
              <button type="button" className={secondaryButton} disabled={busy === o.number} onClick={() => void again(o.number)}>
                {busy === o.number ? 'Préparation...' : 'Commander à nouveau'}
              </button>
            </div>
          </article>
        ))}
      </section>
      <Choices space={space} />
      <MyData space={space} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void leave(false)}>
          Se déconnecter
        </button>
        <button type="button" className={secondaryButton} onClick={() => void leave(true)}>
          Se déconnecter de tous mes appareils
        </button>
      </div>
    </div>
  );
}

/** The loyalty points: the balance, what it is worth, and how it moved. */
function Points({ loyalty }: { loyalty: Space['loyalty'] }) {
  return (
    <section className={`${card} space-y-2 p-4`} aria-label="Mes points fidélité">
      <h2 className="text-lg font-semibold text-slate-900">Mes points fidélité</h2>
      <p data-testid="points-balance">
        <strong>{Math.max(0, loyalty.balance)} points</strong>, soit {formatXOF(Math.max(0, loyalty.balance) * loyalty.value)} à utiliser à
        la commande ou en boutique.
      </p>
      <p className="text-sm text-slate-600">
        {loyalty.rate} point{loyalty.rate > 1 ? 's' : ''} par tranche de 1 000 F d’achats payés et livrés ; un point vaut{' '}
        {formatXOF(loyalty.value)}.
      </p>
      {loyalty.history.length > 0 && (
        <ul className="divide-y divide-slate-100 text-sm">
          {loyalty.history.map((h, i) => (
            <li key={i} className="flex justify-between gap-3 py-1">
              <span>
                {dateTime(h.createdAt)} · {loyaltyKinds[h.kind]}
                {h.returnNumber ? ` ${h.returnNumber}` : h.orderNumber ? ` ${h.orderNumber}` : ''}
              </span>
              <span className={h.points > 0 ? 'font-semibold text-emerald-800' : 'text-slate-700'}>
                {h.points > 0 ? `+${h.points}` : h.points}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** « Mes données »: download them, correct the name and e-mail, or have them erased (customers/privacy.ts). */
function MyData({ space }: { space: Space }) {
  const client = useQueryClient();
  const [name, setName] = useState(space.name);
  const [email, setEmail] = useState(space.email ?? '');
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const correct = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      client.setQueryData(api.account.me.queryKey(), await trpc.account.correct.mutate({ name, email: email.trim() || undefined }));
      toast.success('Vos informations sont corrigées.');
    } catch (caught) {
      toast.error(apiFailure(caught).message);
    } finally {
      setBusy(false);
    }
  };
  const erase = async () => {
    setBusy(true);
    try {
      const answer = await trpc.account.erase.mutate();
      setSaid(answer.message);
      setConfirming(false);
      if (answer.done) {
        markSignedIn(false);
        client.setQueryData(api.account.me.queryKey(), null);
        toast.success(answer.message);
      }
    } catch (caught) {
      toast.error(apiFailure(caught).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${card} space-y-3 p-4`} aria-label="Mes données">
      <h2 className="text-lg font-semibold text-slate-900">Mes données</h2>
      <p className="text-sm text-slate-700">Tout ce que la boutique garde à votre sujet : commandes, retours, points, messages.</p>
      <div className="flex flex-wrap gap-2">
        <a href="/espace/mes-donnees.pdf" className={secondaryButton} download>
          Télécharger (PDF)
        </a>
        <a href="/espace/mes-donnees.json" className={secondaryButton} download>
          Télécharger (JSON)
        </a>
      </div>
      <form onSubmit={correct} className="space-y-3" aria-label="Corriger mes informations">
        <TextField label="Nom" value={name} onChange={(e) => setName(e.target.value)} required autoComplete="name" />
        <TextField label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        <button type="submit" className={secondaryButton} disabled={busy}>
          Corriger
        </button>
      </form>
      {said && (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm">
          {said}
        </p>
      )}
      {confirming ? (
        <div className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>
            Vos nom, téléphone, adresses et e-mail seront retirés de vos commandes (qui restent dans les comptes de la boutique), vos points
            et vos messages supprimés. C’est définitif.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={primaryButton} disabled={busy} onClick={() => void erase()}>
              Oui, effacer mes données
            </button>
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              Annuler
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setConfirming(true)}>
          Effacer mes données
        </button>
      )}
    </section>
  );
}

/** « Mes préférences »: the WhatsApp offers and the newsletter, switched on or off here. */
function Choices({ space }: { space: Space }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const change = async (input: { offers?: boolean; newsletter?: boolean }) => {
    setBusy(true);
    try {
      const answer = await trpc.account.consents.mutate(input);
      client.setQueryData(api.account.me.queryKey(), answer.space);
      setSaid(answer.message);
    } catch (caught) {
      setSaid(apiFailure(caught).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${card} space-y-2 p-4`} aria-label="Mes préférences" aria-busy={busy}>
      <h2 className="text-lg font-semibold text-slate-900">Mes préférences</h2>
      <CheckBox name="offers" checked={space.consents.offers} onChange={(on) => void change({ offers: on })}>
        Recevoir les offres et nouveautés de la boutique par WhatsApp
      </CheckBox>
      <CheckBox name="newsletter" checked={space.consents.newsletter} onChange={(on) => void change({ newsletter: on })}>
        Recevoir la newsletter par e-mail
      </CheckBox>
      {said && (
        <p role="status" className="text-sm text-slate-700">
          {said}
        </p>
      )}
    </section>
  );
}
