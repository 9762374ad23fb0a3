import {
  type AnyResource,
  type DisabledVerbs,
  type Fields,
  type Operations,
  type Resource,
  type ResourceName,
  SLUG_MAX_LENGTH,
} from '@app/shared';
import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, type Context, publicProcedure, writeTags } from '../trpc';
import {
  createRecord,
  deleteRecord,
  findBySlug,
  getRecord,
  getSingleton,
  listRecords,
  seenBy,
  updateRecord,
  updateSingleton,
  type Viewer,
} from './repository';

export const MAX_PAGE_SIZE = 100;
export const idInput = z.object({ id: z.uuid('Identifiant invalide.') });

export function listInput(resource: AnyResource) {
  const sortable = resource.list.sortable as [string, ...string[]];
  return z
    .strictObject({
      page: z.number().int().min(1).max(100_000).default(1),
      pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE, `${MAX_PAGE_SIZE} éléments par page au maximum.`).default(20),
      sort: z.enum(sortable, `Tri possible sur : ${sortable.join(', ')}.`).optional(),
      order: z.enum(['asc', 'desc']).optional(),
      search: z.string().max(200, 'Recherche trop longue (200 caractères au maximum).').optional(),
      filters: resource.filterSchema.optional(),
    })
    .default({ page: 1, pageSize: 20 });
}

// Reads of public resources are open and show published records and public fields, unless the
// caller is the admin; every other read and every write is the admin's. Public answers are shared
// by every visitor, so they are cached; writes drop them.
const readerOf = (resource: AnyResource) =>
  // The factory also serves resources outside the registry (tests mount some): their name is their tag.
  resource.read === 'public'
    ? publicProcedure.meta({ cache: [resource.name as ResourceName] })
    : adminProcedure.meta({ roles: resource.team.read });
const writerOf = (resource: AnyResource) =>
  adminProcedure.meta({ invalidates: writeTags(resource), roles: resource.team.write, audit: resource.name });
/** What a caller sees of a resource: its team's side when their role reads it in the admin (as that role), its public side otherwise. */
const viewerOf =
  (resource: AnyResource) =>
  (ctx: Pick<Context, 'admin'>): Viewer =>
    ctx.admin && resource.team.read.includes(ctx.admin.role) ? ctx.admin.role : 'public';

type Row = Record<string, unknown>;

/**
 * What a resource does besides its generic write, in the write's transaction: a session moved to
 * another day tells its participants. Keyed by resource name (server/src/routers/_app.ts).
 */
export interface WriteHooks {
  /** `actor`: the member who made it (their e-mail, as histories name people). */
  afterCreate?: (tx: Context['db'], after: Row, actor: string) => Promise<void>;
  afterUpdate?: (tx: Context['db'], config: Context['config'], before: Row, after: Row) => Promise<void>;
}

/** The five verbs of a collection resource. */
export function collectionProcedures<N extends string, F extends Fields, O extends Operations>(
  resource: Resource<N, F, O, boolean>,
  hooks: WriteHooks = {},
) {
  const [reader, writer] = [readerOf(resource), writerOf(resource)];
  const { afterCreate, afterUpdate } = hooks;
  return {
    list: reader.input(listInput(resource)).query(async ({ ctx, input }) => listRecords(ctx.db, resource, viewerOf(resource)(ctx), input)),
    get: reader.input(idInput).query(({ ctx, input }) => getRecord(ctx.db, resource, viewerOf(resource)(ctx), input.id)),
    // A write answers with the record as its author may read it.
    create: writer.input(resource.createSchema).mutation(async ({ ctx, input }) =>
      seenBy(
        resource,
        viewerOf(resource)(ctx),
        afterCreate
          ? await ctx.db.transaction().execute(async (tx) => {
              const after = await createRecord(tx, resource, input as Row);
              await afterCreate(tx, after as Row, ctx.admin.email);
              return after;
            })
          : await createRecord(ctx.db, resource, input as Row),
      ),
    ),
    update: writer.input(z.object({ id: idInput.shape.id, data: resource.updateSchema })).mutation(async ({ ctx, input }) =>
      seenBy(
        resource,
        viewerOf(resource)(ctx),
        afterUpdate
          ? await ctx.db.transaction().execute(async (tx) => {
              const before: Row = await getRecord(tx, resource, 'admin', input.id);
              const after: Row = await updateRecord(tx, resource, input.id, input.data as Row);
              await afterUpdate(tx, ctx.config, before, after);
              return after as Awaited<ReturnType<typeof updateRecord<typeof resource>>>;
            })
          : await updateRecord(ctx.db, resource, input.id, input.data as Row),
      ),
    ),
    delete: writer.input(idInput).mutation(({ ctx, input }) => deleteRecord(ctx.db, resource, input.id)),
  };
}

/**
 * `bySlug` of a resource whose records have pages of their own (`/blog/<slug>`): the record by its
 * slug, or by an earlier address (an old slug, its id), whose answer carries the current slug.
 */
export function slugProcedures<N extends string, F extends Fields, O extends Operations>(resource: Resource<N, F, O, boolean>) {
  return {
    bySlug: readerOf(resource)
      .input(z.object({ slug: z.string().trim().toLowerCase().min(1).max(SLUG_MAX_LENGTH) }))
      .query(({ ctx, input }) => findBySlug(ctx.db, resource, viewerOf(resource)(ctx), input.slug)),
  };
}

/** A single row (settings): `get` for everyone the resource lets read, `update` for the admin. */
export function singletonProcedures<N extends string, F extends Fields, O extends Operations>(resource: Resource<N, F, O, boolean>) {
  return {
    get: readerOf(resource).query(({ ctx }) => getSingleton(ctx.db, resource, viewerOf(resource)(ctx))),
    update: writerOf(resource)
      .input(resource.updateSchema)
      .mutation(({ ctx, input }) => updateSingleton(ctx.db, resource, input as Record<string, unknown>)),
  };
}

/** The generic procedures of one resource, without the verbs it turns off. */
export type ResourceProcedures<R> =
  R extends Resource<infer N, infer F, infer O, infer S>
    ? S extends true
      ? ReturnType<typeof singletonProcedures<N, F, O>>
      : Omit<ReturnType<typeof collectionProcedures<N, F, O>>, DisabledVerbs<R>>
    : never;

export function resourceProcedures<R extends AnyResource>(resource: R, hooks?: WriteHooks): ResourceProcedures<R> {
  if (resource.singleton) return singletonProcedures(resource) as ResourceProcedures<R>;
  const all: Record<string, AnyProcedure> = collectionProcedures(resource, hooks);
  for (const verb of ['create', 'update', 'delete'] as const) if (!resource.operations[verb]) delete all[verb];
  return all as ResourceProcedures<R>;
}

/** Procedures a resource has besides (or instead of) its generic ones, keyed by resource name. */
export type ExtraProcedures<Names extends string> = { [K in Names]?: Record<string, AnyProcedure> };
/** Hooks of the generic writes, keyed by resource name. */
export type ResourceHooks<Names extends string> = { [K in Names]?: WriteHooks };

type Merged<P, E, K> = K extends keyof E ? (E[K] extends Record<string, AnyProcedure> ? Omit<P, keyof E[K]> & E[K] : P) : P;

/**
 * One router entry per resource of the registry: its generic procedures, with the extra ones
 * merged over them (an extra `update` replaces the generic one).
 */
export function crudRouters<const Rs extends readonly AnyResource[], const E extends ExtraProcedures<Rs[number]['name']>>(
  registry: Rs,
  extras: E,
  hooks: ResourceHooks<Rs[number]['name']> = {},
) {
  const entries = registry.map((resource) => [
    resource.name,
    { ...resourceProcedures(resource, hooks[resource.name as keyof typeof hooks]), ...extras[resource.name as keyof E] },
  ]);
  return Object.fromEntries(entries) as { [R in Rs[number] as R['name']]: Merged<ResourceProcedures<R>, E, R['name']> };
}
