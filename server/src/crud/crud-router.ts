import {
  type AnyResource,
  type DisabledVerbs,
  type Fields,
  type Operations,
  type Resource,
  type ResourceName,
  type RowOfResource,
  SLUG_MAX_LENGTH,
} from '@app/shared';
import type { AnyProcedure } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, type Context, publicProcedure, writeTags } from '../trpc';
import {
  createRecord,
  deleteRecord,
  filterValues,
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
// The factory also serves resources outside the registry (tests mount some): their name is their table.
const writerOf = (resource: AnyResource) =>
  adminProcedure.meta({ invalidates: writeTags(resource), roles: resource.team.write, audit: resource.name as ResourceName });
/** What a caller sees of a resource: its team's side when their role reads it in the admin (as that role), its public side otherwise. */
const viewerOf =
  (resource: AnyResource) =>
  (ctx: Pick<Context, 'admin'>): Viewer =>
    ctx.admin && resource.team.read.includes(ctx.admin.role) ? ctx.admin.role : 'public';

type Row = Record<string, unknown>;

/** What a write's reaction works with: the write's transaction, the server's settings, and who wrote (their e-mail). */
export interface WriteContext {
  tx: Context['db'];
  config: Context['config'];
  actor: string;
}

/**
 * What a resource does besides its generic write, in the write's transaction (a session moved to
 * another day tells its participants): declared for the resource, with its own row type, in the
 * `hooks` map of `server/src/routers/_app.ts`. A reaction that throws undoes the write.
 */
export interface WriteHooks<R = Row> {
  /** May return the record as it then stands (a field it set): the create answers with it. */
  afterCreate?: (ctx: WriteContext, after: R) => Promise<R | void>;
  afterUpdate?: (ctx: WriteContext, before: R, after: R) => Promise<void>;
  afterDelete?: (ctx: WriteContext, before: R) => Promise<void>;
}

/** The five verbs of a collection resource. */
export function collectionProcedures<N extends string, F extends Fields, O extends Operations>(
  resource: Resource<N, F, O, boolean>,
  hooks: WriteHooks<RowOfResource<Resource<N, F, O, boolean>>> = {},
) {
  type R = RowOfResource<Resource<N, F, O, boolean>>;
  const [reader, writer] = [readerOf(resource), writerOf(resource)];
  const { afterCreate, afterUpdate, afterDelete } = hooks;
  const reacting = (ctx: Context & { admin: { email: string } }, work: (react: WriteContext) => Promise<R>) =>
    ctx.db.transaction().execute((tx) => work({ tx, config: ctx.config, actor: ctx.admin.email }));
  return {
    list: reader.input(listInput(resource)).query(async ({ ctx, input }) => listRecords(ctx.db, resource, viewerOf(resource)(ctx), input)),
    get: reader.input(idInput).query(({ ctx, input }) => getRecord(ctx.db, resource, viewerOf(resource)(ctx), input.id)),
    /** The choices of a filter on a text field (the journal's members), for the list's select. */
    filterValues: reader
      .input(z.object({ field: z.string().max(64) }))
      .query(({ ctx, input }) => filterValues(ctx.db, resource, input.field)),
    // A write answers with the record as its author may read it.
    create: writer.input(resource.createSchema).mutation(async ({ ctx, input }) =>
      seenBy(
        resource,
        viewerOf(resource)(ctx),
        afterCreate
          ? await reacting(ctx, async (react) => {
              const after = await createRecord(react.tx, resource, input as Row);
              return (await afterCreate(react, after)) ?? after;
            })
          : await createRecord(ctx.db, resource, input as Row),
      ),
    ),
    update: writer.input(z.object({ id: idInput.shape.id, data: resource.updateSchema })).mutation(async ({ ctx, input }) =>
      seenBy(
        resource,
        viewerOf(resource)(ctx),
        afterUpdate
          ? await reacting(ctx, async (react) => {
              const before = await getRecord(react.tx, resource, 'admin', input.id);
              const after = await updateRecord(react.tx, resource, input.id, input.data as Row);
              await afterUpdate(react, before, after);
              return after;
            })
          : await updateRecord(ctx.db, resource, input.id, input.data as Row),
      ),
    ),
    delete: writer.input(idInput).mutation(async ({ ctx, input }) => {
      if (!afterDelete) return deleteRecord(ctx.db, resource, input.id);
      return ctx.db.transaction().execute(async (tx) => {
        const before = await getRecord(tx, resource, 'admin', input.id);
        const deleted = await deleteRecord(tx, resource, input.id);
        await afterDelete({ tx, config: ctx.config, actor: ctx.admin.email }, before);
        return deleted;
      });
    }),
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
  const all: Record<string, AnyProcedure> = collectionProcedures(resource, hooks as never);
  for (const verb of ['create', 'update', 'delete'] as const) if (!resource.operations[verb]) delete all[verb];
  return all as ResourceProcedures<R>;
}

/** Procedures a resource has besides (or instead of) its generic ones, keyed by resource name. */
export type ExtraProcedures<Names extends string> = { [K in Names]?: Record<string, AnyProcedure> };
/** Reactions to the generic writes, keyed by resource name, each typed with its resource's row. */
export type ResourceHooks<Rs extends readonly AnyResource[]> = { [R in Rs[number] as R['name']]?: WriteHooks<RowOfResource<R>> };

type Merged<P, E, K> = K extends keyof E ? (E[K] extends Record<string, AnyProcedure> ? Omit<P, keyof E[K]> & E[K] : P) : P;

/**
 * One router entry per resource of the registry: its generic procedures, with the extra ones
 * merged over them (an extra `update` replaces the generic one).
 */
export function crudRouters<const Rs extends readonly AnyResource[], const E extends ExtraProcedures<Rs[number]['name']>>(
  registry: Rs,
  extras: E,
  hooks: ResourceHooks<Rs> = {},
) {
  const entries = registry.map((resource) => [
    resource.name,
    {
      ...resourceProcedures(resource, (hooks as Record<string, WriteHooks | undefined>)[resource.name]),
      ...extras[resource.name as keyof E],
    },
  ]);
  return Object.fromEntries(entries) as { [R in Rs[number] as R['name']]: Merged<ResourceProcedures<R>, E, R['name']> };
}
