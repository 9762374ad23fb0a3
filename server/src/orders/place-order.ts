import {
  type PlaceOrderInput,
  type OrderLine,
  type RowOfResource,
  cryptoCourses,
  needsShipping,
  orders,
  products,
  services,
} from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import { columnsFor, createRecord } from '../crud/repository';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
type Order = RowOfResource<typeof orders>;
type Input = Omit<PlaceOrderInput, 'paymentMethod'> & { paymentMethod?: PlaceOrderInput['paymentMethod'] };

const tables = { product: products, service: services, course: cryptoCourses } as const;
const round2 = (n: number) => Math.round(n * 100) / 100;

export const findOrderByKey = async (db: Db, key: string) =>
  (await db
    .selectFrom('orders')
    .select(columnsFor(orders, 'admin') as (keyof Order)[])
    .where('idempotencyKey', '=', key)
    .executeTakeFirst()) as Order | undefined;

/**
 * Prices every line from the database and takes product stock, all inside the
 * caller's transaction: the conditional UPDATE means two buyers can never both
 * take the last unit. A known idempotency key returns the order already placed.
 */
export async function placeOrderRecord(tx: Db, input: Input): Promise<{ row: Order; created: boolean }> {
  const existing = await findOrderByKey(tx, input.idempotencyKey);
  if (existing) return { row: existing, created: false };

  const lines: OrderLine[] = [];
  for (const item of input.items) {
    const resource = tables[item.type];
    const row = await tx
      .selectFrom(resource.name)
      .select(['id', 'price', sql.ref<string>(resource.titleField).as('title')])
      .where('id', '=', item.id)
      .where('published', '=', true)
      .executeTakeFirst();
    if (!row)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Un article de votre panier n’est plus disponible. Retirez-le pour continuer.' });
    if (row.price === null) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `« ${row.title} » est sur devis : contactez-nous pour le commander.` });
    }
    if (item.type === 'product') {
      const taken = await tx
        .updateTable('products')
        .set({ stock: sql`stock - ${item.quantity}` })
        .where('id', '=', item.id)
        .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', item.quantity)]))
        .returning('stock')
        .executeTakeFirst();
      if (!taken) {
        const left = await tx.selectFrom('products').select('stock').where('id', '=', item.id).executeTakeFirst();
        throw new TRPCError({
          code: 'CONFLICT',
          message: `Stock insuffisant pour « ${row.title} » : il en reste ${left?.stock ?? 0}. Réduisez la quantité ou retirez l’article.`,
        });
      }
    }
    lines.push({ id: item.id, type: item.type, name: row.title, unitPrice: row.price, quantity: item.quantity });
  }

  let delivery: { id: string; name: string; price: number } | null = null;
  const shipped = needsShipping(input.items);
  // Nothing to carry, nothing to charge for carrying it: a stale choice in the cart is ignored.
  if (shipped && input.deliveryOptionId) {
    const option = await tx
      .selectFrom('deliveryOptions')
      .select(['id', 'name', 'price'])
      .where('id', '=', input.deliveryOptionId)
      .executeTakeFirst();
    if (!option) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Cette option de livraison n’existe plus. Choisissez-en une autre.' });
    delivery = option;
  }

  const subtotal = round2(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
  const deliveryCost = delivery?.price ?? 0;
  const row = await createRecord(tx, orders, {
    customerName: input.customerName,
    phone: input.phone,
    email: input.email ?? null,
    city: shipped ? input.city : input.city || null,
    address: shipped ? input.address : input.address || null,
    note: input.note ?? null,
    paymentMethod: input.paymentMethod ?? 'cash_on_delivery',
    items: lines,
    delivery,
    subtotal,
    deliveryCost,
    total: round2(subtotal + deliveryCost),
    idempotencyKey: input.idempotencyKey,
  });
  return { row, created: true };
}
