import { randomUUID } from 'node:crypto';
import { type AnyResource, deliveryOptions, orders, products, resources } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/src/db/schema';
import { sampleInput, sampleValue } from './samples';

type Row = Record<string, unknown> & { id: string; createdAt: string; updatedAt: string };
export interface CrudClient {
  list: { query(input?: unknown): Promise<{ rows: Row[]; total: number }> };
  get: { query(input: { id: string }): Promise<Row> };
  create: { mutate(input: unknown): Promise<Row> };
  update: { mutate(input: { id: string; data: unknown }): Promise<Row> };
  delete: { mutate(input: { id: string }): Promise<{ id: string }> };
  filterValues: { query(input: { field: string }): Promise<string[]> };
}

/** The CRUD procedures of one resource on a tRPC client, by resource name. */
export const crudOf = (client: unknown, resource: AnyResource) => (client as Record<string, CrudClient>)[resource.name]!;

/** A new record of the resource a reference field points at (a session's training), published. */
export async function referencedRecord(
  admin: unknown,
  references: string,
  db?: Kysely<Database>,
  registry: readonly AnyResource[] = resources,
): Promise<Row> {
  const target = registry.find((r) => r.name === references);
  if (!target) throw new Error(`No resource named ${references}`);
  return createRow(admin, target, target.publishedField ? { [target.publishedField]: true } : {}, db, registry);
}

/** An existing record for each reference field the overrides leave out. */
async function referencedRecords(
  admin: unknown,
  resource: AnyResource,
  overrides: Record<string, unknown>,
  db: Kysely<Database> | undefined,
  registry: readonly AnyResource[],
) {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.kind === 'reference' && !(key in overrides) && !(field.optional && field.references === resource.name)) {
      out[key] = (await referencedRecord(admin, field.references!, db, registry)).id;
    }
  }
  return out;
}

/** What the server writes besides the fields of rows no procedure creates; `fixed` wins over a test's overrides. */
const SERVER_WRITTEN: Record<string, { values: Record<string, unknown>; fixed: Record<string, unknown>; everyField?: true }> = {
  outbox: {
    values: { status: 'pending', payload: JSON.stringify({ to: 'x@exemple.example', subject: 'Objet', text: 'Texte' }) },
    fixed: { nextAttemptAt: sql<string>`now() + interval '1 day'` },
  },
  auditLog: { values: {}, fixed: {}, everyField: true },
  stockMovements: { values: {}, fixed: {}, everyField: true },
  // A customer's request as orders/return-requests.ts writes it (tests/api/return-requests.test.ts drives the form).
  returnRequests: { values: { lines: JSON.stringify([]), note: 'Ne charge plus', status: 'pending' }, fixed: {} },
};

/**
 * Creates a record the way the product does: through `create` for most resources, through
 * checkout for orders (which the admin never creates by hand), as the server writes it for the
 * outbox (due in a day, so no worker takes it meanwhile; `db` needed).
 */
export async function createRow(
  admin: unknown,
  resource: AnyResource,
  overrides: Record<string, unknown> = {},
  db?: Kysely<Database>,
  /** Where the resources its references point at are found (a test's own registry). */
  registry: readonly AnyResource[] = resources,
): Promise<Row> {
  if (resource.operations.create) {
    // Fields only its procedures write (a purchase order's status) are set as they would leave them.
    const byProcedure = Object.keys(overrides).filter((key) => resource.fields[key]?.readOnly);
    // The references the form gives (one the server sets, as an expense's cash day, is not asked for).
    const references = omit(
      await referencedRecords(admin, resource, overrides, db, registry),
      Object.keys(resource.fields).filter((key) => resource.fields[key]!.readOnly),
    );
    const created = await crudOf(admin, resource).create.mutate({
      ...sampleInput(resource),
      ...references,
      ...omit(overrides, byProcedure),
    });
    if (!byProcedure.length) return created;
    if (!db) throw new Error(`createRow(${resource.name}, { ${byProcedure.join(', ')} }) writes to the database: pass it`);
    await db
      .updateTable(resource.name as 'purchaseOrders')
      .set(pick(overrides, byProcedure) as never)
      .where('id', '=', created.id)
      .execute();
    return crudOf(admin, resource).get.query({ id: created.id });
  }
  const written = SERVER_WRITTEN[resource.name];
  if (written) {
    // Rows only the server writes (the Envois, the audit log, the stock ledger): inserted as it would.
    if (!db) throw new Error(`createRow(${resource.name}) writes to the database: pass it`);
    const values = Object.fromEntries(
      Object.entries(resource.fields)
        .filter(([, field]) => written.everyField || !field.optional)
        .map(([key, field]) => [key, sampleValue(field)]),
    );
    const references = await referencedRecords(admin, resource, overrides, db, registry);
    const { id } = await db
      .insertInto(resource.name as 'outbox')
      .values({ ...values, ...references, ...written.values, ...overrides, ...written.fixed } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return crudOf(admin, resource).get.query({ id });
  }
  if (resource.name === 'customers') {
    // Nobody writes a customer: an order of a new phone makes one (the fields named here are the order's).
    if (!db) throw new Error('createRow(customers) reads the database: pass it');
    const phone = `+2290197${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await createRow(
      admin,
      orders,
      { phone, ...(overrides.name ? { customerName: overrides.name } : {}), ...omit(overrides, ['name']) },
      db,
    );
    const { id } = await db.selectFrom('customers').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return crudOf(admin, resource).get.query({ id });
  }
  if (resource.name === 'cashSessions') {
    // A closed day of the drawer, as its closing writes it (counter/cash-drawer.ts; tests/api/cash-drawer.test.ts drives the procedures).
    if (!db) throw new Error('createRow(cashSessions) writes to the database: pass it');
    const amount = () => Math.floor(Math.random() * 1000) * 100;
    const { id } = await db
      .insertInto('cashSessions')
      .values({
        name: `Journée ${randomUUID().slice(0, 8)}`,
        openedBy: 'vendeur@exemple.example',
        openingFloat: amount(),
        closedAt: new Date().toISOString(),
        closedBy: 'vendeur@exemple.example',
        salesCount: 0,
        salesTotal: amount(),
        expectedCash: 0,
        countedCash: 0,
        cashDifference: 0,
        ...overrides,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return crudOf(admin, resource).get.query({ id });
  }
  if (resource.name === 'returns') {
    // A return as counter/returns.ts writes it (tests/api/returns.test.ts drives the procedure): of an order made here.
    if (!db) throw new Error('createRow(returns) writes to the database: pass it');
    const sale = overrides.sale ? String(overrides.sale) : String((await createRow(admin, orders, {}, db)).id);
    const { id } = await db
      .insertInto('returns')
      .values({
        number: `RET-${randomUUID().slice(0, 8)}`,
        sale,
        lines: JSON.stringify([]),
        reason: 'other',
        note: `Pas la bonne couleur ${randomUUID().slice(0, 6)}`,
        refundMethod: 'mobile_money',
        reference: `MTN-${randomUUID().slice(0, 8)}`,
        amount: Math.floor(Math.random() * 1000) * 100,
        deliveryRefund: 0,
        actor: 'vendeur@exemple.example',
        idempotencyKey: randomUUID(),
        ...overrides,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return crudOf(admin, resource).get.query({ id });
  }
  if (resource.name !== 'orders') throw new Error(`No fixture for ${resource.name}`);
  const product = await crudOf(admin, products).create.mutate({ ...sampleInput(products), stock: null, published: true });
  const delivery = await crudOf(admin, deliveryOptions).create.mutate(sampleInput(deliveryOptions));
  const placed = (await (admin as { orders: { place: { mutate(i: unknown): Promise<Row> } } }).orders.place.mutate({
    customerName: 'Client Test',
    phone: '+229 01 97 00 00 00',
    city: 'Cotonou',
    address: 'Quartier Haie Vive',
    paymentMethod: 'cash_on_delivery',
    items: [{ id: product.id, type: 'product', quantity: 2 }],
    deliveryOptionId: delivery.id,
    idempotencyKey: randomUUID(),
    ...pick(overrides, ['customerName', 'phone', 'city', 'address', 'paymentMethod', 'marketingConsent']),
  })) as Row;
  // Status and payment move only through the order process: walk there as the owner would.
  const process = (admin as { orders: Record<string, { mutate(i: unknown): Promise<unknown> }> }).orders;
  const walk: Record<string, string[]> = {
    confirmed: ['confirmed'],
    shipped: ['confirmed', 'shipped'],
    delivered: ['confirmed', 'shipped', 'delivered'],
    cancelled: ['cancelled'],
  };
  for (const to of walk[String(overrides.status)] ?? []) await process.transition!.mutate({ id: placed.id, to });
  const pay: Record<string, string[]> = { paid: ['paid'], refunded: ['paid', 'refunded'] };
  for (const to of pay[String(overrides.paymentStatus)] ?? []) await process.setPayment!.mutate({ id: placed.id, to });
  // Where it was sold is written by the procedure that sells it (a counter sale), never by an update.
  if (overrides.channel !== undefined) {
    if (!db) throw new Error('createRow(orders, { channel }) writes to the database: pass it');
    await db
      .updateTable('orders')
      .set({ channel: overrides.channel as 'web' })
      .where('id', '=', placed.id)
      .execute();
  }
  const rest = omit(overrides, [
    'customerName',
    'phone',
    'city',
    'address',
    'paymentMethod',
    'marketingConsent',
    'status',
    'paymentStatus',
    'channel',
  ]);
  return Object.keys(rest).length
    ? crudOf(admin, resource).update.mutate({ id: placed.id, data: rest })
    : crudOf(admin, resource).get.query({ id: placed.id });
}

/** What makes a record made by `createRow` findable by `mark` in its list (its title, or for an order its customer). */
export const markedFields = (resource: AnyResource, mark: string): Record<string, unknown> =>
  resource.name === 'orders' ? { customerName: mark } : { [resource.titleField]: mark };

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
const omit = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
