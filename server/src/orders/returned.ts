import type { OrderLine } from '@app/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// What an order sold and what came back of it, article by article: the rule of the returns made at
// the counter (counter/returns.ts) and of those customers ask online (orders/return-requests.ts).

export const key = (l: { type: string; id: string }) => `${l.type}:${l.id}`;

/** Each article of the order once: sold, already brought back, and what one unit gives back (its promo share off). */
export interface ReturnableLine {
  id: string;
  type: OrderLine['type'];
  name: string;
  unitPrice: number;
  sold: number;
  returned: number;
  left: number;
  /** The whole of what these units were paid, promo share off: a return of `n` gives back `n` of `sold`'s share. */
  paid: number;
}

export async function soldAndReturned(db: Kysely<Database>, order: { id: string; items: OrderLine[] }): Promise<ReturnableLine[]> {
  const done = await db.selectFrom('returns').select(['lines', 'deliveryRefund']).where('sale', '=', order.id).execute();
  const returned = new Map<string, number>();
  for (const r of done) for (const l of r.lines) returned.set(key(l), (returned.get(key(l)) ?? 0) + l.quantity);
  const lines = new Map<string, ReturnableLine>();
  for (const l of order.items) {
    const line = lines.get(key(l)) ?? {
      id: l.id,
      type: l.type,
      name: l.name,
      unitPrice: l.unitPrice,
      sold: 0,
      returned: 0,
      left: 0,
      paid: 0,
    };
    line.sold += l.quantity;
    line.paid += l.unitPrice * l.quantity - (l.discount ?? 0);
    lines.set(key(l), line);
  }
  return [...lines.values()].map((l) => {
    const back = returned.get(key(l)) ?? 0;
    return { ...l, returned: back, left: l.sold - back };
  });
}
