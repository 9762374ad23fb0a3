import { dateTime, formatXOF } from '@app/shared/format';
import { refundMethods, returnReasons, returnRequestStatuses } from '@app/shared/labels';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { RouterOutputs } from '../../lib/trpc';
import { labelOf } from '../../lib/labels';
import { api } from '../../lib/queries';
import { card, primaryButton, secondaryButton } from '../ui/buttons';
import { SelectField, TextArea } from '../ui/Field';
import { useHoneypot } from '../ui/useHoneypot';

type Tracked = RouterOutputs['orders']['track'];
type Offer = NonNullable<Tracked['returnOffer']>;

/** A phone's photo made small before it leaves (4 MB at 400 kbit/s is 80 s; 300 kB is 6 s); the server re-encodes it anyway. */
async function smaller(file: File): Promise<Blob> {
  if (file.size < 600_000 || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // A format the browser cannot draw (HEIC): the server says what it accepts.
    return file;
  }
}

/** The order's returns (each with its credit note), the customer's requests and their answers, and the form to ask one. */
export function OrderReturns({ order }: { order: Tracked }) {
  const { returns, returnRequests, returnOffer } = order;
  if (!returns.length && !returnRequests.length && !returnOffer) return null;
  return (
    <section className={`${card} space-y-3 p-4`} aria-label="Retours">
      <h2 className="text-lg font-semibold text-slate-900">Retours</h2>
      {returns.map((r) => (
        <div key={r.number} className="text-sm">
          <p className="font-medium">
            {r.number} · {formatXOF(r.amount)} remboursés ({labelOf(refundMethods, r.refundMethod).toLowerCase()})
          </p>
          <p className="text-slate-600">
            {r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')} · {dateTime(r.createdAt)}
          </p>
          <a
            href={`/suivi/${order.trackingToken}/avoir-R${r.number.split('-R').pop()}.pdf`}
            className="font-semibold text-blue-800 underline"
            target="_blank"
            rel="noopener"
          >
            Facture d’avoir (PDF)
          </a>
        </div>
      ))}
      {returnRequests.map((r, i) => (
        <div key={i} className="rounded-lg bg-slate-50 p-3 text-sm" data-testid="return-request">
          <p>
            Demande de retour du {dateTime(r.createdAt)} : <strong>{labelOf(returnRequestStatuses, r.status)}</strong>
          </p>
          <p className="text-slate-600">
            {r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')} · {labelOf(returnReasons, r.reason)}
          </p>
          {r.answer && <p className="mt-1">Réponse de la boutique : {r.answer}</p>}
          {r.status === 'pending' && <p className="mt-1 text-slate-600">La boutique vous répond par WhatsApp ou par e-mail.</p>}
        </div>
      ))}
      {returnOffer && <RequestForm token={order.trackingToken} offer={returnOffer} />}
    </section>
  );
}

function RequestForm({ token, offer }: { token: string; offer: Offer }) {
  const client = useQueryClient();
  const honeypot = useHoneypot();
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    // A single article bought once is the one to return.
    offer.lines.length === 1 && offer.lines[0]!.left === 1 ? { [`${offer.lines[0]!.type}:${offer.lines[0]!.id}`]: 1 } : {},
  );
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = (l: { type: string; id: string }) => `${l.type}:${l.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = offer.lines.map((l) => ({ id: l.id, type: l.type, quantity: quantities[key(l)] ?? 0 }));
    if (!lines.some((l) => l.quantity > 0)) return setError('Choisissez au moins un article et sa quantité.');
    if (!reason) return setError('Choisissez un motif.');
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set('lines', JSON.stringify(lines));
      form.set('reason', reason);
      if (note.trim()) form.set('note', note.trim());
      const website = honeypot.value();
      if (website) form.set('website', website);
      if (photo) form.set('photo', await smaller(photo), 'photo.jpg');
      const res = await fetch(`/api/suivi/${token}/retour`, { method: 'POST', body: form });
      const body = (await res.json().catch(() => null)) as { error?: { message: string } } | null;
      if (!res.ok) throw new Error(body?.error?.message ?? 'Une erreur est survenue. Réessayez dans un instant.');
      await client.invalidateQueries(api.orders.track.pathFilter());
    } catch (caught) {
      setError(
        caught instanceof TypeError
          ? 'Pas de connexion : votre demande n’est pas partie. Réessayez quand le réseau revient, rien n’est perdu.'
          : (caught as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700">
          Un article ne convient pas ? Vous pouvez demander un retour jusqu’au {dateTime(offer.until)}.
        </p>
        <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
          Demander un retour
        </button>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="relative space-y-4" aria-label="Demander un retour">
      <p className="text-sm text-slate-700">Jusqu’au {dateTime(offer.until)}. La boutique vous répond par WhatsApp ou par e-mail.</p>
      {offer.lines.map((l) => (
        <SelectField
          key={key(l)}
          label={`${l.name} : combien à retourner ?`}
          value={String(quantities[key(l)] ?? 0)}
          onChange={(e) => setQuantities({ ...quantities, [key(l)]: Number(e.target.value) })}
          options={Object.fromEntries(Array.from({ length: Math.min(l.left, 20) + 1 }, (_, n) => [String(n), String(n)]))}
        />
      ))}
      <SelectField
        label="Motif"
        value={reason}
        onChange={(e) => (setReason(e.target.value), setError(null))}
        options={{ '': 'Choisissez…', ...returnReasons }}
      />
      <TextArea
        label="Votre message"
        value={note}
        maxLength={1000}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
        placeholder="Ce qui ne va pas, ce que vous souhaitez (échange, remboursement)"
      />
      <div>
        <p className="text-sm font-medium text-slate-800">
          Photo de l’article <span className="font-normal text-slate-500">(facultatif)</span>
        </p>
        {/* The browser's own file button speaks its language, not always French: a labelled button instead. */}
        <label className={`${secondaryButton} mt-1 cursor-pointer focus-within:outline-2 focus-within:outline-blue-700`}>
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Photo de l’article"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
          {photo ? 'Changer de photo' : 'Prendre ou choisir une photo'}
        </label>
        <p className="mt-1 text-xs text-slate-500">
          {photo ? `Photo choisie : ${photo.name}` : 'Une photo du défaut aide la boutique à vous répondre vite (10 Mo au plus).'}
        </p>
      </div>
      {honeypot.field}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Envoi...' : 'Envoyer la demande'}
      </button>
    </form>
  );
}
