import type { Counted, CountStatus } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { type Moved, recordMovements } from './ledger';

type Db = Kysely<Database>;

const refuse = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

interface Count {
  id: string;
  name: string;
  scope: 'all' | 'category' | 'supplier';
  category: string | null;
  supplier: string | null;
  status: CountStatus;
  counted: Counted[];
  batches: string[];
  createdAt: string;
}

/** The count, locked until the transaction ends: two phones' batches are added one after the other. */
async function lockCount(tx: Db, id: string): Promise<Count> {
  const row = await tx
    .selectFrom('stockCounts')
    .select(['id', 'name', 'scope', 'category', 'supplier', 'status', 'counted', 'batches', 'createdAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Inventaire introuvable.' });
  return row as Count;
}

const open = (count: Count) => {
  if (count.status !== 'open') refuse(count.status === 'applied' ? 'Cet inventaire est déjà appliqué.' : 'Cet inventaire est annulé.');
};

/** Batches remembered per count: enough for any phone's resend, bounded. */
const KEPT_BATCHES = 2_000;

/**
 * What a phone counted since its last sending, added to what the other phones counted (`set`: an
 * article's total typed again, replacing it). A batch sent twice (its key) counts once.
 */
export async function addCounted(
  db: Db,
  input: { id: string; key: string; items: ReadonlyArray<{ product: string; quantity: number; at?: string | undefined }>; set?: boolean },
) {
  return db.transaction().execute(async (tx) => {
    const count = await lockCount(tx, input.id);
    if (count.batches.includes(input.key)) return { counted: count.counted, repeated: true };
    open(count);
    const ids = [...new Set(input.items.map((i) => i.product))];
    const products = ids.length ? await tx.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute() : [];
    const names = new Map(products.map((p) => [p.id, p.name]));
    const counted = count.counted.map((c) => ({ ...c }));
    const now = Date.now();
    for (const item of input.items) {
      const name = names.get(item.product) ?? refuse('Un article compté n’existe pas dans le catalogue.');
      // When the phone counted it (a batch sent after the network came back), within the count's time.
      const said = item.at ? Date.parse(item.at) : NaN;
      const at = new Date(Number.isNaN(said) ? now : Math.min(now, Math.max(Date.parse(count.createdAt), said))).toISOString();
      let entry = counted.find((c) => c.product === item.product);
      if (!entry) counted.push((entry = { product: item.product, name, quantity: 0, at }));
      entry.quantity = Math.max(0, input.set ? item.quantity : entry.quantity + item.quantity);
      if (at > entry.at) entry.at = at;
    }
    const batches = [...count.batches, input.key].slice(-KEPT_BATCHES);
    await tx
      .updateTable('stockCounts')
      .set({ counted: sql`${JSON.stringify(counted)}::jsonb`, batches: sql`${JSON.stringify(batches)}::jsonb`, updatedAt: sql`now()` })
      .where('id', '=', count.id)
      .execute();
    return { counted, repeated: false };
  });
}

export interface CountLine {
  product: string;
  name: string;
  /** The stock when the article was counted (or when the count started, if not counted yet): now, less what moved since. Null: not tracked. */
  expected: number | null;
  now: number | null;
  counted: number | null;
  /** What applying the count changes: counted less expected (null: not counted). */
  difference: number | null;
}

/** The articles of the count's scope and those counted: the stock expected, now, counted, and the difference. */
async function countLines(tx: Db, count: Count, lock = false): Promise<CountLine[]> {
  const counted = new Map(count.counted.map((c) => [c.product, c.quantity]));
  const inScope =
    count.scope === 'category'
      ? sql`p.category = ${count.category}`
      : count.scope === 'supplier'
        ? sql`p.supplier = ${count.supplier}`
        : sql`true`;
  const entries = JSON.stringify(count.counted.map((c) => ({ product: c.product, at: c.at })));
  const { rows } = await sql<{ id: string; name: string; stock: number | null; since: string }>`
    SELECT p.id, p.name, p.stock,
           coalesce((SELECT sum(m.quantity) FROM stock_movements m
                     WHERE m.product = p.id AND m.created_at > coalesce(c.at, ${count.createdAt}::timestamptz)), 0) AS since
    FROM products p LEFT JOIN jsonb_to_recordset(${entries}::jsonb) AS c(product uuid, at timestamptz) ON c.product = p.id
    WHERE (${inScope}) OR c.product IS NOT NULL
    ORDER BY p.name ${lock ? sql`FOR UPDATE OF p` : sql``}`.execute(tx);
  return rows.map((p) => {
    const expected = p.stock === null ? null : p.stock - Number(p.since);
    const n = counted.get(p.id) ?? null;
    return { product: p.id, name: p.name, expected, now: p.stock, counted: n, difference: n === null ? null : n - (expected ?? 0) };
  });
}

/** The count's lines as its screen shows them: differences first, then what is left to count, then what matches. */
export async function countDifferences(db: Db, id: string) {
  const count = await db
    .selectFrom('stockCounts')
    .select(['id', 'name', 'scope', 'category', 'supplier', 'status', 'counted', 'batches', 'createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!count) throw new TRPCError({ code: 'NOT_FOUND', message: 'Inventaire introuvable.' });
  const lines = await countLines(db, count as Count);
  const rank = (l: CountLine) => (l.difference ? 0 : l.counted === null ? 1 : 2);
  return lines.sort((a, b) => rank(a) - rank(b) || Math.abs(b.difference ?? 0) - Math.abs(a.difference ?? 0));
}

/**
 * Applies the count: each article counted moves by its difference with the stock it had when it was
 * counted (what sold since stays sold), one « Inventaire » movement each; an untracked
 * article counted starts being tracked at its count. Articles not counted are left as they are.
 */
export async function applyCount(db: Db, id: string, actor: string) {
  return db.transaction().execute(async (tx) => {
    const count = await lockCount(tx, id);
    open(count);
    if (!count.counted.length) refuse('Rien n’a été compté : scannez les articles en rayon avant d’appliquer.');
    const lines = (await countLines(tx, count, true)).filter((l) => l.counted !== null);
    const moved: Moved[] = [];
    for (const line of lines) {
      const after = line.now === null ? line.counted! : Math.max(0, line.now + line.difference!);
      const quantity = after - (line.now ?? 0);
      if (line.now !== null && quantity === 0) continue;
      await tx
        .updateTable('products')
        .set({ stock: after, updatedAt: sql`now()` })
        .where('id', '=', line.product)
        .execute();
      moved.push({
        product: line.product,
        name: line.name,
        quantity,
        stockAfter: after,
        note:
          line.now === null
            ? `« ${count.name} » : compté ${line.counted}, stock suivi désormais`
            : `« ${count.name} » : compté ${line.counted}, ${line.expected} attendus`,
      });
    }
    await recordMovements(tx, { kind: 'count', actor, note: null }, moved);
    await tx
      .updateTable('stockCounts')
      .set({ status: 'applied', appliedAt: sql`now()`, appliedBy: actor, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    return { adjusted: moved.length, units: moved.reduce((n, m) => n + m.quantity, 0) };
  });
}

export async function cancelCount(db: Db, id: string) {
  return db.transaction().execute(async (tx) => {
    open(await lockCount(tx, id));
    await tx
      .updateTable('stockCounts')
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  });
}
