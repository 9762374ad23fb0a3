import {
  adminPath,
  firstName,
  type OrderLine,
  orders,
  type RequestedLine,
  returnReasons,
  type ReturnRequestInput,
  returnRequestInputSchema,
  returnDecisionSchema,
  trackingPath,
} from '@app/shared';
import { dateTime } from '@app/shared/format';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { alertOwner } from '../alerts/owner';
import type { Config } from '../config';
import { filesOf } from '../db/files';
import type { Database } from '../db/schema';
import { recordEvent } from '../history/events';
import { soldAndReturned } from './returned';
import { tellCustomer } from '../whatsapp/messages';

type Db = Kysely<Database>;

/**
 * Returns asked by customers (issue 57): from the tracking page, within the days the owner allows
 * after the order was handed over, a reason and a photo; the team accepts or refuses it from the
 * order's screen and the customer hears of it; the return made once the articles are back closes
 * it (counter/returns.ts, `requestId`). One open request per order at a time (a unique index).
 */

const refuse = (message: string, code: 'BAD_REQUEST' | 'CONFLICT' | 'NOT_FOUND' = 'BAD_REQUEST'): never => {
  throw new TRPCError({ code, message });
};
const DAY_MS = 86_400_000;
/** What the customer is told when the owner accepts without a word of their own. */
export const ACCEPTED_ANSWER =
  'Rapportez les articles à la boutique avec votre reçu, ou remettez-les au livreur : vous êtes remboursé à leur retour.';

type OrderOfRequest = { id: string; status: string; paymentStatus: string; channel: string; createdAt: string; items: OrderLine[] };

/** Until when this order's articles may be asked back online, or why not (in French). */
async function returnWindow(db: Db, order: OrderOfRequest): Promise<{ until: Date } | { closed: string }> {
  const settings = await db.selectFrom('settings').select('returnDays').executeTakeFirst();
  const days = Number(settings?.returnDays ?? 0);
  if (!days) return { closed: 'Cette boutique ne prend pas de demande de retour en ligne : contactez-la par téléphone ou WhatsApp.' };
  if (order.status !== 'delivered' || order.paymentStatus !== 'paid')
    return { closed: 'Un retour se demande une fois la commande payée et livrée.' };
  // From the day it was handed over: its delivery, or the sale itself at the counter.
  const handed = await db
    .selectFrom('orderEvents')
    .select('createdAt')
    .where('orderId', '=', order.id)
    .where('kind', '=', 'status')
    .where('toValue', '=', 'delivered')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const until = new Date(new Date(handed?.createdAt ?? order.createdAt).getTime() + days * DAY_MS);
  if (until.getTime() < Date.now())
    return { closed: `Le délai de retour de ${days} jours est passé depuis le ${dateTime(until.toISOString())} : contactez la boutique.` };
  return { until };
}

/** What the tracking page offers: the lines still returnable and until when, while no request is open. */
export async function returnOffer(db: Db, order: OrderOfRequest) {
  const open = await db
    .selectFrom('returnRequests')
    .select('id')
    .where('sale', '=', order.id)
    .where('status', 'in', ['pending', 'accepted'])
    .executeTakeFirst();
  if (open) return null;
  const window = await returnWindow(db, order);
  if (!('until' in window)) return null;
  const lines = (await soldAndReturned(db, order))
    .filter((l) => l.left > 0)
    .map((l) => ({ id: l.id, type: l.type, name: l.name, left: l.left }));
  return lines.length ? { until: window.until.toISOString(), lines } : null;
}

/** The customer's requests of an order, newest first, as the tracking page shows them. */
export const requestsOf = (db: Db, orderId: string) =>
  db
    .selectFrom('returnRequests')
    .select(['lines', 'reason', 'status', 'answer', 'createdAt'])
    .where('sale', '=', orderId)
    .orderBy('createdAt', 'desc')
    .execute();

/**
 * A customer's request, by the order's tracking token, with its photo already re-encoded
 * (media/process.ts). Refused in French: no online returns here, too late, not yet delivered or
 * paid, one already open, more than what is left to return, nothing chosen.
 */
export async function requestReturn(
  db: Db,
  config: Config,
  token: string,
  raw: ReturnRequestInput,
  photo: { bytes: Buffer; width: number; height: number } | null,
) {
  const input = returnRequestInputSchema.parse(raw);
  return db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'paymentStatus', 'channel', 'createdAt', 'items', 'customerName', 'phone'])
      .where('trackingToken', '=', token)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return refuse('Commande introuvable : ouvrez le lien de suivi reçu à la commande.', 'NOT_FOUND');
    const window = await returnWindow(tx, order as OrderOfRequest);
    if ('closed' in window) return refuse(window.closed, 'CONFLICT');
    const open = await tx
      .selectFrom('returnRequests')
      .select('status')
      .where('sale', '=', order.id)
      .where('status', 'in', ['pending', 'accepted'])
      .executeTakeFirst();
    if (open)
      refuse(
        open.status === 'pending'
          ? 'Une demande de retour de cette commande attend déjà la réponse de la boutique.'
          : 'Votre demande de retour est déjà acceptée : rapportez les articles à la boutique.',
        'CONFLICT',
      );
    const sold = await soldAndReturned(tx, order as OrderOfRequest);
    const lines: RequestedLine[] = [];
    for (const wanted of input.lines.filter((l) => l.quantity > 0)) {
      const line = sold.find((l) => l.type === wanted.type && l.id === wanted.id);
      if (!line) return refuse('Un article choisi n’est pas dans la commande : rechargez la page.');
      if (wanted.quantity > line.left)
        refuse(`« ${line.name} » : ${line.left} au plus à retourner (${line.sold} acheté(s), ${line.returned} déjà rendu(s)).`, 'CONFLICT');
      lines.push({ id: line.id, type: line.type, name: line.name, quantity: wanted.quantity });
    }
    if (!lines.length) refuse('Choisissez au moins un article et sa quantité.');
    // Stored once the request is accepted as sound: a refused one leaves no file behind (it is a small JPEG).
    const stored = photo
      ? await tx
          .insertInto('returnPhotos')
          .values({ fileKey: await filesOf(config).put(photo.bytes), width: photo.width, height: photo.height })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    const row = await tx
      .insertInto('returnRequests')
      .values({
        number: order.number,
        sale: order.id,
        lines: sql<RequestedLine[]>`${JSON.stringify(lines)}::jsonb`,
        reason: input.reason,
        note: input.note || null,
        photo: stored?.id ?? null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const what = lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
    await recordEvent(tx, order.id, {
      actor: 'client',
      kind: 'return',
      toValue: 'Demande',
      note: `Demande du client : ${what} (${returnReasons[input.reason].toLowerCase()})${input.note ? `. « ${input.note} »` : ''}`,
    });
    await alertOwner(tx, config, {
      kind: 'order',
      subject: `Demande de retour : commande ${order.number}`,
      lines: [
        `${order.customerName} demande le retour de ${what}.`,
        `Motif : ${returnReasons[input.reason]}${input.note ? ` — « ${input.note} »` : ''}${stored ? ' (photo jointe)' : ''}.`,
      ],
      adminPath: adminPath(orders, order.id),
      push: { title: `Demande de retour ${order.number}`, body: what },
    });
    return { id: row.id, message: 'Demande envoyée : la boutique vous répond par WhatsApp ou par e-mail.' };
  });
}

/** The team's answer to a request: accepted (the articles to bring back) or refused with a reason; the customer hears of it. */
export async function decideReturn(db: Db, config: Config, raw: z.input<typeof returnDecisionSchema>, member: { email: string }) {
  const input = returnDecisionSchema.parse(raw);
  return db.transaction().execute(async (tx) => {
    const request = await tx.selectFrom('returnRequests').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!request) return refuse('Demande introuvable.', 'NOT_FOUND');
    if (request.status !== 'pending') refuse('Cette demande a déjà reçu une réponse : rechargez la page.', 'CONFLICT');
    const answer = input.answer || (input.accept ? ACCEPTED_ANSWER : '');
    await tx
      .updateTable('returnRequests')
      .set({ status: input.accept ? 'accepted' : 'refused', answer, decidedBy: member.email, updatedAt: sql`now()` })
      .where('id', '=', request.id)
      .execute();
    const order = await tx
      .selectFrom('orders')
      .select(['id', 'number', 'customerName', 'phone', 'email', 'trackingToken'])
      .where('id', '=', request.sale)
      .executeTakeFirstOrThrow();
    const verdict = input.accept ? 'acceptée' : 'refusée';
    await recordEvent(tx, order.id, { actor: member.email, kind: 'return', toValue: `Demande ${verdict}`, note: answer });
    const tracking = `${config.publicUrl}${trackingPath(order.trackingToken)}`;
    await tellCustomer(
      tx,
      config,
      { phone: order.phone, email: order.email, orderId: order.id },
      { template: 'reponse_retour', values: [firstName(order.customerName), order.number, verdict, answer, tracking] },
      {
        subject: `Votre demande de retour (commande ${order.number}) est ${verdict}`,
        text: [
          `Bonjour ${firstName(order.customerName)},`,
          '',
          `Votre demande de retour pour la commande ${order.number} est ${verdict}.`,
          answer,
          '',
          `Suivre votre commande : ${tracking}`,
        ].join('\n'),
      },
    );
    return { status: input.accept ? ('accepted' as const) : ('refused' as const) };
  });
}
