import {
  type AnyResource,
  brokenCheck,
  type FieldMeta,
  isUuid,
  type ListRowOfResource,
  type RowOfResource,
  SYSTEM_COLUMNS,
  slugify,
} from '@app/shared';
import { parsePhone } from '@app/shared/phone';
import type { Role } from '@app/shared/team';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { invalid, notFound } from '../platform/errors';
import { sanitizeRichText } from './sanitize';

// SQL for any resource. The resource name is the table (CamelCasePlugin makes it snake_case);
// every identifier used here comes from the resource declaration, never from input.

/* eslint-disable @typescript-eslint/no-explicit-any -- tables are only known at run time */
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;
/**
 * Who reads: the server itself ('admin': every column), a member of the resource's team (their
 * role: every column but those whose `readers` leave them out), or the public (its fields only).
 */
export type Viewer = 'admin' | 'public' | Role;

/** Whether a viewer receives a field. */
const sees = (field: FieldMeta, viewer: Viewer) =>
  viewer === 'admin' || (viewer === 'public' ? !field.adminOnly && !field.readers : !field.readers || field.readers.includes(viewer));

export interface ListParams {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  search?: string | undefined;
  filters?: Record<string, unknown> | undefined;
}

/** A row written with every column, as a viewer may read it (what a write answers its caller). */
export function seenBy<T extends Row>(resource: AnyResource, viewer: Viewer, row: T): T {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !resource.fields[key] || sees(resource.fields[key], viewer))) as T;
}

/** Columns a viewer may read. Lists leave out rich text (the heavy part); `get` has it. */
export function columnsFor(resource: AnyResource, viewer: Viewer, shape: 'record' | 'list' = 'record'): string[] {
  const fields = Object.entries(resource.fields)
    .filter(([, field]) => sees(field, viewer))
    .filter(([, field]) => shape === 'record' || field.kind !== 'html')
    .map(([key]) => key);
  return [...SYSTEM_COLUMNS, ...fields];
}

/**
 * What to look for in an E.164 column: the whole number when the search is one (found by equality,
 * on an index), else its digits (3 or more, found among the digits like any text), else nothing.
 */
function phoneSearch(search: string): { whole: string } | { digits: string } | null {
  const parsed = parsePhone(search);
  if (parsed) return { whole: parsed.e164 };
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3 && /^[\d\s+().-]+$/.test(search) ? { digits } : null;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Search ignores case and accents: both sides go through f_unaccent(lower(...)), the
 * expression the trigram indexes are built on (migrations/202611230701_unaccent_search.ts).
 */
export const normalized = (key: string) => sql<string>`f_unaccent(lower(${sql.ref(key)}))`;
const normalizedNeedle = (search: string) => sql<string>`f_unaccent(lower(${search}))`;

/** A LIKE pattern of the normalized search, wildcards escaped after normalizing so "50%" matches the text "50%". */
const likeNeedle = (search: string) =>
  sql<string>`'%' || regexp_replace(${normalizedNeedle(search)}, ${'([\\\\%_])'}, ${'\\\\\\1'}, 'g') || '%'`;

function visible(resource: AnyResource, viewer: Viewer) {
  return <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q =>
    viewer === 'public' && resource.publishedField ? (q.where(resource.publishedField, '=', true) as Q) : q;
}

/** What a visitor finds by listing, searching or by address: published, and never a part of another record on its own. */
function listed(resource: AnyResource, viewer: Viewer) {
  return <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q => {
    const shown = visible(resource, viewer)(q);
    return viewer === 'public' && resource.partOf ? (shown.where(resource.partOf, 'is', null) as Q) : shown;
  };
}

const hidden = (resource: AnyResource, viewer: Viewer, key: string) => !!resource.fields[key] && !sees(resource.fields[key], viewer);

/** The search fields a viewer's search looks in: a visitor's never looks in a field hidden from them. */
const searchableBy = (resource: AnyResource, viewer: Viewer) => resource.list.search.filter((key) => !hidden(resource, viewer, key));

/**
 * A visitor may not filter or sort on a field hidden from them: the answer would tell its value
 * (which products have a given supplier). Refused whatever the value, so the refusal tells nothing.
 */
function refuseHiddenKeys(resource: AnyResource, viewer: Viewer, params: ListParams) {
  for (const [key, value] of Object.entries(params.filters ?? {})) {
    if (value !== undefined && hidden(resource, viewer, key)) invalid('filters', `Filtre réservé à l’administration : ${key}.`);
  }
  if (params.sort && hidden(resource, viewer, params.sort)) invalid('sort', `Tri réservé à l’administration : ${params.sort}.`);
}

/**
 * The two queries of a list page: its rows and the total (separate so a test can EXPLAIN them).
 * `narrow` adds a condition of the caller's own (an export's rule) to both.
 */
export function listQueries(
  db: AnyDb,
  resource: AnyResource,
  viewer: Viewer,
  params: ListParams,
  narrow: (q: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any> = (q) => q,
) {
  const search = params.search?.trim();
  const searched = searchableBy(resource, viewer);
  refuseHiddenKeys(resource, viewer, params);
  const filtered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q): Q => {
    let out = narrow(listed(resource, viewer)(q)) as Q;
    for (const [key, value] of Object.entries(params.filters ?? {})) {
      if (value !== undefined) out = out.where(key, '=', value) as Q;
    }
    if (search) {
      out = out.where((eb) =>
        eb.or(
          searched.flatMap((key) => {
            const plain = eb(normalized(key), 'like', likeNeedle(search));
            // Phones are stored in E.164: "01 97 12 34 56", "+229 0197…" or "97 12 34" all find +2290197123456.
            const phone = resource.fields[key]?.kind === 'phone' ? phoneSearch(search) : null;
            if (!phone) return [plain];
            return [plain, 'whole' in phone ? eb(key, '=', phone.whole) : eb(normalized(key), 'like', likeNeedle(phone.digits))];
          }),
        ),
      ) as Q;
    }
    return out;
  };
  const sort = params.sort ?? resource.list.defaultSort.field;
  const order = params.order ?? (params.sort ? 'asc' : resource.list.defaultSort.order);
  return {
    rows: filtered(db.selectFrom(resource.name))
      .select(columnsFor(resource, viewer, 'list'))
      .orderBy(sort, order)
      .orderBy('id', order)
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    // Without a search, at most COUNT_CAP + 1 rows are counted: a page of 200,000 orders does not
    // read them all to say how many. A search is counted whole, through its trigram indexes: under
    // a LIMIT the planner would rather scan the table, testing every row (14 → 40 ms for a name
    // among 200,000 orders, bench/scale.ts).
    count: search
      ? filtered(db.selectFrom(resource.name)).select((eb) => eb.fn.countAll<string>().as('total'))
      : db
          .selectFrom(
            filtered(db.selectFrom(resource.name))
              .select(sql<number>`1`.as('one'))
              .limit(COUNT_CAP + 1)
              .as('capped'),
          )
          .select((eb) => eb.fn.countAll<string>().as('total')),
  };
}

/**
 * A list counts its rows up to this many; past it, it says "plus de 10 000" and pages stop there:
 * a search or a filter finds what lies beyond (an owner does not page through 200,000 orders).
 */
export const COUNT_CAP = 10_000;

export async function listRecords<R extends AnyResource>(db: AnyDb, resource: R, viewer: Viewer, params: ListParams) {
  const search = params.search?.trim();
  if ((params.page - 1) * params.pageSize >= COUNT_CAP)
    invalid(
      'page',
      `Les pages s’arrêtent à ${new Intl.NumberFormat('fr-FR').format(COUNT_CAP)} lignes : cherchez ou filtrez pour trouver plus loin.`,
    );
  const queries = listQueries(db, resource, viewer, params);
  const [rows, count] = await Promise.all([queries.rows.execute(), queries.count.executeTakeFirstOrThrow()]);
  const counted = Number(count.total);
  // `more`: there are more rows than `total` says (the count stopped at its cap).
  const total = Math.min(counted, COUNT_CAP);
  const suggestions = search && total === 0 ? await suggestTitles(db, resource, viewer, search) : [];
  return {
    rows: rows as ListRowOfResource<R>[],
    total,
    ...(counted > COUNT_CAP ? { more: true as const } : {}),
    ...(suggestions.length ? { suggestions } : {}),
  };
}

/** The values a text filter's list offers, at most this many. */
export const FILTER_VALUES_CAP = 200;

/**
 * The values of a text field filtered by equality (the journal's "Par": the team's members): its
 * distinct values, read one after the other along the field's index (a skip scan), so a million
 * rows by twelve people cost twelve index probes. For the team's resources only (a public one's
 * values would need its visibility rules).
 */
export async function filterValues(db: AnyDb, resource: AnyResource, key: string): Promise<string[]> {
  if (resource.read === 'public' || resource.fields[key]?.kind !== 'text' || !resource.list.filters?.includes(key))
    invalid('field', `Pas de liste de valeurs pour ce filtre : ${key}.`);
  const table = sql.table(resource.name);
  const column = sql.ref(key);
  const { rows } = await sql<{ v: string }>`
    WITH RECURSIVE found AS (
      (SELECT ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL ORDER BY ${column} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${column} FROM ${table} WHERE ${column} > found.v ORDER BY ${column} LIMIT 1) FROM found WHERE found.v IS NOT NULL
    )
    SELECT v FROM found WHERE v IS NOT NULL LIMIT ${FILTER_VALUES_CAP}`.execute(db);
  return rows.map((r) => r.v);
}

/**
 * "Did you mean": up to three titles closest to a search that found nothing, by trigram word
 * similarity. The `<%` operator uses the title's search index; its threshold (0.6 by default)
 * is lowered for this transaction only, so that a typo such as "ecoutuers" still finds "Écouteurs".
 */
async function suggestTitles(db: AnyDb, resource: AnyResource, viewer: Viewer, search: string): Promise<string[]> {
  if (!correctable(search) || !searchableBy(resource, viewer).includes(resource.titleField)) return [];
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.4', true)`.execute(trx);
    const rows = await suggestionQuery(trx, resource, viewer, search).execute();
    return rows.map((r) => String(r.title));
  });
}

/**
 * Words worth correcting: a typo in a name ("ecoutuers"), not a number, a code, a phone or an
 * address, whose near matches are every row sharing its digits ("CMD-01234": all the orders).
 */
const correctable = (search: string) => !/[\d@]/.test(search) && search.replace(/[^\p{L}]/gu, '').length >= 3;

/** At most this many rows near the search are ranked: a common word cannot make it read a whole table. */
export const SUGGESTION_CANDIDATES = 500;

/** The "did you mean" query (run with the threshold set, in suggestTitles): the closest titles among a bounded set of candidates. */
export function suggestionQuery(db: AnyDb, resource: AnyResource, viewer: Viewer, search: string) {
  const title = resource.titleField;
  const candidates = listed(
    resource,
    viewer,
  )(db.selectFrom(resource.name))
    .select(sql.ref(title).as('title'))
    .where(sql<boolean>`${normalizedNeedle(search)} <% ${normalized(title)}`)
    .limit(SUGGESTION_CANDIDATES)
    .as('candidates');
  return db
    .selectFrom(candidates)
    .select(['title', sql<number>`max(word_similarity(${normalizedNeedle(search)}, f_unaccent(lower(title))))`.as('score')])
    .groupBy('title')
    .orderBy('score', 'desc')
    .limit(3);
}

/**
 * A record as it leaves the server: its rich text sanitized again, so a row that skipped the
 * sanitizer on write (written before that rule, or by a bug) reaches no page and no browser as it
 * is. The storefront renders this HTML as it comes, on the server and in the browser alike.
 */
function readable<R extends AnyResource>(resource: R, row: Row | undefined): RowOfResource<R> {
  if (!row) return notFound(resource);
  for (const [key, field] of Object.entries(resource.fields))
    if (field.kind === 'html' && typeof row[key] === 'string') row[key] = sanitizeRichText(row[key]);
  return row as RowOfResource<R>;
}

export async function getRecord<R extends AnyResource>(db: AnyDb, resource: R, viewer: Viewer, id: string): Promise<RowOfResource<R>> {
  const row = await visible(
    resource,
    viewer,
  )(db.selectFrom(resource.name))
    .select(columnsFor(resource, viewer))
    .where('id', '=', id)
    .executeTakeFirst();
  return readable(resource, row);
}

export async function findRecordBy<R extends AnyResource>(
  db: AnyDb,
  resource: R,
  viewer: Viewer,
  key: string,
  value: unknown,
): Promise<RowOfResource<R>> {
  const row = await listed(
    resource,
    viewer,
  )(db.selectFrom(resource.name))
    .select(columnsFor(resource, viewer))
    .where(key, '=', value)
    .executeTakeFirst();
  return readable(resource, row);
}

/** The resource's slug field, if it has one. */
const slugKeyOf = (resource: AnyResource) => Object.entries(resource.fields).find(([, f]) => f.kind === 'slug')?.[0];

/** Runs `work` in the caller's transaction, or in a new one. */
export const atomically = <T>(db: AnyDb, work: (tx: AnyDb) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));

const checkedColumns = (resource: AnyResource) => [...new Set((resource.checks ?? []).flatMap((check) => check.fields))];

/** Refuses a record that breaks one of its resource's rules across fields (a "prix barré" under the price). */
function enforceChecks(resource: AnyResource, record: Row) {
  const broken = brokenCheck(resource, record);
  if (broken) invalid(broken.fields[0], broken.message);
}

export async function createRecord<R extends AnyResource>(db: AnyDb, resource: R, input: Row): Promise<RowOfResource<R>> {
  enforceChecks(resource, input);
  const values = toColumns(resource, deriveSlugs(resource, input, true));
  const slugKey = slugKeyOf(resource);
  return atomically(db, async (tx) => {
    const row = (await tx
      .insertInto(resource.name)
      .values(values)
      .returning(columnsFor(resource, 'admin'))
      .executeTakeFirstOrThrow()) as Row;
    // A new record taking a retired slug: that address is its own now.
    if (slugKey)
      await tx.deleteFrom('slugHistory').where('resource', '=', resource.name).where('oldSlug', '=', String(row[slugKey])).execute();
    return row as RowOfResource<R>;
  });
}

export async function updateRecord<R extends AnyResource>(db: AnyDb, resource: R, id: string, input: Row): Promise<RowOfResource<R>> {
  return (await updateRow(db, resource, id, input)) as RowOfResource<R>;
}

/** The one row of a singleton resource (settings), created with the database. */
export async function getSingleton<R extends AnyResource>(db: AnyDb, resource: R, viewer: Viewer): Promise<RowOfResource<R>> {
  const row = await db.selectFrom(resource.name).select(columnsFor(resource, viewer)).orderBy('createdAt').executeTakeFirst();
  return readable(resource, row);
}

export async function updateSingleton<R extends AnyResource>(db: AnyDb, resource: R, input: Row): Promise<RowOfResource<R>> {
  const { id } = await getSingleton(db, resource, 'admin');
  return updateRecord(db, resource, id, input);
}

async function updateRow(db: AnyDb, resource: AnyResource, id: string, input: Row): Promise<Row> {
  if ((resource.checks ?? []).some((check) => check.fields.some((key) => key in input))) {
    const stored = (await db.selectFrom(resource.name).select(checkedColumns(resource)).where('id', '=', id).executeTakeFirst()) as
      Row | undefined;
    enforceChecks(resource, { ...(stored ?? {}), ...input });
  }
  const values = toColumns(resource, deriveSlugs(resource, input, false));
  const slugKey = slugKeyOf(resource);
  const update = (tx: AnyDb) =>
    tx
      .updateTable(resource.name)
      .set({ ...values, updatedAt: sql`now()` })
      .where('id', '=', id)
      .returning(columnsFor(resource, 'admin'))
      .executeTakeFirst() as Promise<Row | undefined>;
  if (!slugKey || values[slugKey] === undefined) return (await update(db)) ?? notFound(resource);
  return atomically(db, async (tx) => {
    const before = (await tx.selectFrom(resource.name).select(slugKey).where('id', '=', id).forUpdate().executeTakeFirst()) as
      Row | undefined;
    const row = (await update(tx)) ?? notFound(resource);
    const [from, to] = [String(before?.[slugKey]), String(row[slugKey])];
    if (before && from !== to) {
      // The old address leads to this record; the new one is no longer anybody's old address.
      await tx
        .insertInto('slugHistory')
        .values({ resource: resource.name, oldSlug: from, recordId: id })
        .onConflict((oc) => oc.columns(['resource', 'oldSlug']).doUpdateSet({ recordId: id, createdAt: sql`now()` }))
        .execute();
      await tx.deleteFrom('slugHistory').where('resource', '=', resource.name).where('oldSlug', '=', to).execute();
    }
    return row;
  });
}

export async function deleteRecord(db: AnyDb, resource: AnyResource, id: string): Promise<{ id: string }> {
  const row = await db.deleteFrom(resource.name).where('id', '=', id).returning('id').executeTakeFirst();
  if (row && slugKeyOf(resource))
    await db.deleteFrom('slugHistory').where('resource', '=', resource.name).where('recordId', '=', id).execute();
  return (row as { id: string } | undefined) ?? notFound(resource);
}

/** Each record's id and `column`, for the records whose column, as text, contains `fragment`. */
export async function recordsContaining(
  db: AnyDb,
  resource: AnyResource,
  column: string,
  fragment: string,
): Promise<{ id: string; value: unknown }[]> {
  return db
    .selectFrom(resource.name)
    .select(['id', sql.ref(column).as('value')])
    .where(sql<string>`${sql.ref(column)}::text`, 'like', likePattern(fragment))
    .execute();
}

/** Sets one column to `next` unless it no longer holds `previous` (someone changed it meanwhile). */
export async function replaceIfUnchanged(
  db: AnyDb,
  resource: AnyResource,
  id: string,
  column: string,
  previous: unknown,
  next: unknown,
): Promise<boolean> {
  const json = isJson(resource.fields[column]!.kind);
  const result = await db
    .updateTable(resource.name)
    .set(toColumns(resource, { [column]: next }))
    .where('id', '=', id)
    .where(
      json
        ? sql<boolean>`${sql.ref(column)}::text = (${JSON.stringify(previous)}::jsonb)::text`
        : sql<boolean>`${sql.ref(column)} = ${previous}`,
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The current slug of a record reached by an earlier address: a slug it had before it was renamed,
 * or its id (the address of products and services before they had slugs), if it is still visible
 * to `viewer`.
 */
export async function movedSlug(db: AnyDb, resource: AnyResource, viewer: Viewer, earlier: string): Promise<string | null> {
  const slugKey = slugKeyOf(resource);
  if (!slugKey) return null;
  const moved = isUuid(earlier)
    ? { recordId: earlier.toLowerCase() }
    : await db
        .selectFrom('slugHistory')
        .select('recordId')
        .where('resource', '=', resource.name)
        .where('oldSlug', '=', earlier)
        .executeTakeFirst();
  if (!moved) return null;
  const row = await findRecordBy(db, resource, viewer, 'id', moved.recordId as string).catch(() => null);
  return row ? String(row[slugKey]) : null;
}

/** The record a page's address names: by its slug, or by an earlier address (the page then shows its current one). */
export async function findBySlug<R extends AnyResource>(db: AnyDb, resource: R, viewer: Viewer, slug: string) {
  const slugKey = slugKeyOf(resource)!;
  return findRecordBy(db, resource, viewer, slugKey, slug).catch(async (error: unknown) => {
    const moved = await movedSlug(db, resource, viewer, slug);
    if (!moved) throw error;
    return findRecordBy(db, resource, viewer, slugKey, moved);
  });
}

/**
 * On creation an empty slug is derived from its source field. Once saved, a slug changes only
 * when the owner edits it: emptied, it is derived again from the source sent with it.
 */
function deriveSlugs(resource: AnyResource, input: Row, creating: boolean): Row {
  const out = { ...input };
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'slug' || !field.from) continue;
    const given = out[key];
    if (typeof given === 'string' && given !== '') continue;
    if (!creating && given === undefined) continue;
    const source = out[field.from];
    if (typeof source !== 'string') {
      if (creating) out[key] = '';
      else delete out[key];
      continue;
    }
    out[key] = slugify(source);
    if (!out[key]) invalid(key, `Impossible de créer un slug à partir de « ${source} ». Saisissez-le.`);
  }
  return out;
}

const isJson = (kind: string) => kind === 'stringList' || kind === 'imageList' || kind === 'json';

/** Sanitizes rich text and serializes list/json fields for jsonb columns. */
export function toColumns(resource: AnyResource, input: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(input)) {
    const field = resource.fields[key];
    if (!field || value === undefined) continue;
    if (field.kind === 'html' && typeof value === 'string') {
      out[key] = sanitizeRichText(value);
      if (out[key] === '' && !field.optional) invalid(key, 'Ce contenu est vide une fois nettoyé (balises non autorisées retirées).');
    } else if (isJson(field.kind) && value !== null) {
      out[key] = JSON.stringify(value);
    } else out[key] = value;
  }
  return out;
}
