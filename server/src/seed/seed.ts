import { parsePhone } from '@app/shared/phone';
import { recordEvent } from '../orders/lifecycle';
import { randomUUID } from 'node:crypto';
import {
  type AnyResource,
  dependencyOrder,
  type OrderStatus,
  PLACEHOLDER_SETTINGS,
  purchaseOrders,
  resources,
  settings,
} from '@app/shared';
import { type Kysely, sql } from 'kysely';
import { createRecord, toColumns } from '../crud/repository';
import { openStock } from '../inventory/ledger';
import { saveVariants } from '../inventory/variants';
import { setPurchaseLines, suggestedLines } from '../inventory/purchases';
import type { Database } from '../db/schema';
import { demoData, demoOrders, demoVariants } from './demo-data';
import { placeOrderRecord } from '../orders/place-order';

/** Used when the demo is switched off: the admin fills these in from Paramètres. */
const blankSettings = PLACEHOLDER_SETTINGS;

export const INCOMPLETE_DATABASE =
  'La base contient des données mais aucun paramètre : elle semble incomplète (une restauration interrompue ?). ' +
  'La boutique refuse de la compléter avec des données de démonstration. Restaurez une sauvegarde complète dans une base vide, ' +
  'ou videz cette base pour repartir de zéro.';

/**
 * Records in any shop table (products, orders...): a database someone filled, not a fresh one.
 * (An admin alone does not count: `npm run admin:create` may run before the first start.)
 */
async function holdsData(db: Kysely<Database>): Promise<boolean> {
  for (const { name } of resources) {
    if (name === 'settings') continue;
    if (
      await db
        .selectFrom(name)
        .select(sql`1`.as('one'))
        .limit(1)
        .executeTakeFirst()
    )
      return true;
  }
  return false;
}

/** A demo row names the records it refers to by their title (a session's training): their ids, from those just created. */
function withReferences(resource: AnyResource, row: Record<string, unknown>, created: Record<string, Record<string, unknown>[]>) {
  const out = { ...row };
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'reference' || typeof out[key] !== 'string') continue;
    const target = resources.find((r) => r.name === field.references)!;
    const found = created[target.name]?.find((record) => record[target.titleField] === out[key]);
    if (!found) throw new Error(`Demo ${resource.name} refers to an unknown ${target.name}: ${String(out[key])}`);
    out[key] = found.id;
  }
  return out;
}

/**
 * A fresh database (no settings row yet) gets its settings and, unless
 * SEED_DEMO=false, the French demo content. Runs once, in one transaction.
 */
export async function seedIfEmpty(db: Kysely<Database>, { demo }: { demo: boolean }): Promise<boolean> {
  const existing = await db.selectFrom('settings').select('id').executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (tx) => {
    await sql`LOCK TABLE settings IN EXCLUSIVE MODE`.execute(tx);
    if (await tx.selectFrom('settings').select('id').executeTakeFirst()) return;
    if (await holdsData(tx)) throw new Error(INCOMPLETE_DATABASE);
    await tx
      .insertInto('settings')
      // As the API writes a record: lists as JSON, which a jsonb column takes on PostgreSQL as on PGlite.
      .values(toColumns(settings, settings.createSchema.parse(demo ? demoData.settings : blankSettings)) as never)
      .execute();
    if (!demo) return;
    const created: Record<string, Array<Record<string, unknown> & { id: string }>> = {};
    for (const resource of dependencyOrder(resources)) {
      const rows: unknown = demoData[resource.name as keyof typeof demoData];
      if (!Array.isArray(rows)) continue;
      created[resource.name] = [];
      for (const [index, row] of rows.entries()) {
        const record = await createRecord<AnyResource>(tx, resource, resource.createSchema.parse(withReferences(resource, row, created)));
        // One transaction gives every row the same creation time, and "newest first" lists would
        // then follow the random ids: the demo's first entry is its newest, a minute apart each.
        await sql`UPDATE ${sql.table(resource.name)} SET ${sql.ref('createdAt')} = now() - make_interval(mins => ${index}) WHERE id = ${record.id}`.execute(
          tx,
        );
        created[resource.name]!.push(record);
      }
    }
    // The demo catalogue's stock opens its ledger, before the demo's orders move it.
    await openStock(tx, 'Données de démonstration');
    const group = created.products![demoVariants.productIndex]! as { id: string; images: string[] };
    await saveVariants(
      tx,
      {
        id: group.id,
        options: demoVariants.options,
        variants: demoVariants.variants.map(({ photo, ...v }) => ({
          ...v,
          compareAtPrice: null,
          image: group.images[photo]!,
          published: true,
        })),
      },
      'Données de démonstration',
    );
    // The demo's subscribers confirmed their address long ago (double opt-in).
    await tx
      .updateTable('newsletterSubscribers')
      .set({ confirmedAt: sql<string>`created_at` })
      .execute();
    for (const [index, order] of demoOrders.entries()) {
      const { lines, deliveryIndex, status, ...customer } = order;
      const { row } = await placeOrderRecord(tx, {
        ...customer,
        phone: parsePhone(customer.phone ?? '')?.e164 ?? customer.phone ?? '',
        idempotencyKey: randomUUID(),
        items: lines.map((l) => {
          if ('productIndex' in l) return { id: created.products![l.productIndex]!.id, type: 'product' as const, quantity: l.quantity };
          const session = created.courseSessions![l.sessionIndex]!;
          return { id: String(session.course), type: 'course' as const, quantity: l.quantity, sessionId: session.id };
        }),
        deliveryOptionId: deliveryIndex === undefined ? undefined : created.deliveryOptions![deliveryIndex]!.id,
      });
      await recordEvent(tx, row.id, { actor: 'client', kind: 'created', toValue: 'new' });
      // Along the real process, so the history reads as it would in the shop.
      const path: OrderStatus[] = ['new', 'confirmed', 'shipped', 'delivered'];
      const steps: OrderStatus[] = status === 'cancelled' ? ['cancelled'] : path.slice(1, path.indexOf(status ?? 'new') + 1);
      let from: OrderStatus = 'new';
      for (const to of steps) {
        await tx.updateTable('orders').set({ status: to }).where('id', '=', row.id).execute();
        await recordEvent(tx, row.id, { actor: 'système', kind: 'status', fromValue: from, toValue: to });
        from = to;
      }
      // Placed ten minutes after the one before, the last one five minutes ago, its history moved
      // with it, a minute a step (at most three: never in the future, never past the next order):
      // in one transaction every order had the same time, and lists followed their random ids.
      // (Within the hours an unconfirmed order is held: days back, the release job cancelled the
      // demo's new orders at its first run.)
      const earlier = sql`make_interval(mins => ${(demoOrders.length - 1 - index) * 10 + 5})`;
      await sql`UPDATE orders SET created_at = created_at - ${earlier} WHERE id = ${row.id}`.execute(tx);
      await sql`
        UPDATE order_events e SET created_at = e.created_at - ${earlier} + make_interval(mins => step.n::int)
        FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) - 1 AS n FROM order_events WHERE order_id = ${row.id}) step
        WHERE e.id = step.id`.execute(tx);
    }
    // A purchase order ready to send: what the demo's low stock asks of each supplier that has some.
    for (const { id: supplier } of created.suppliers ?? []) {
      const lines = await suggestedLines(tx, supplier);
      if (!lines.length) continue;
      const order = await createRecord(tx, purchaseOrders, purchaseOrders.createSchema.parse({ supplier }));
      await setPurchaseLines(tx, order.id, lines);
    }
  });
  return true;
}
