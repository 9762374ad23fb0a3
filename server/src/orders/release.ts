import { SHOP_RULES } from '@app/shared';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { Logger } from '../platform/context';
import { transitionOrder } from './lifecycle';

export const RELEASE_ACTOR = 'boutique (automatique)';

/**
 * Stock held by an order nobody confirmed or paid goes back on sale after the owner's delay
 * (Paramètres, "Délai de confirmation"): the order is cancelled through the usual process (stock
 * back, a history row) and the customer told. Several servers may run this at once: each order
 * is moved under its row lock, and one already cancelled is left alone.
 */
export async function releaseUnconfirmedOrders(db: DB, config: Config, log: Logger): Promise<number> {
  const hours = (await db.selectFrom('settings').select('holdHours').executeTakeFirst())?.holdHours ?? SHOP_RULES.holdHours;
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'new')
    .where('paymentStatus', '=', 'pending')
    .where('createdAt', '<', sql<string>`now() - make_interval(hours => ${hours})`)
    .orderBy('createdAt')
    .limit(200)
    .execute();
  let released = 0;
  for (const { id } of due) {
    try {
      const { changed } = await transitionOrder(db, config, {
        id,
        to: 'cancelled',
        actor: RELEASE_ACTOR,
        note: `Ni confirmée ni payée dans le délai de ${hours} h : annulée, le stock est remis en vente.`,
      });
      if (!changed) continue;
      released++;
    } catch (err) {
      // Confirmed or paid meanwhile, by the owner or another server: nothing to release.
      log.info({ err, id }, 'commande non libérée (déjà traitée)');
    }
  }
  return released;
}
