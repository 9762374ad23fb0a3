import type { AnyResource, Fields, ListRowOf, Resource, RowOf } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '../trpc';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from './repository';

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

/**
 * The five verbs for one resource. Reads of public resources are open and show
 * published records and public fields, unless the caller is the admin; every
 * other read and every write is the admin's.
 */
export function crudProcedures<N extends string, F extends Fields>(resource: Resource<N, F>) {
  type Row = RowOf<F>;
  // Public reads are shared by every visitor, so their answers are cached; writes drop them.
  const reader = resource.read === 'public' ? publicProcedure.meta({ cache: [resource.name] }) : adminProcedure;
  const writer = adminProcedure.meta({ invalidates: [resource.name] });
  const viewer = (admin: unknown): 'admin' | 'public' => (admin ? 'admin' : 'public');
  const generic = resource as unknown as AnyResource;
  return {
    list: reader.input(listInput(generic)).query(async ({ ctx, input }) => {
      const result = await listRecords(ctx.db, generic, viewer(ctx.admin), input);
      return result as { rows: ListRowOf<F>[]; total: number; suggestions?: string[] };
    }),
    get: reader.input(idInput).query(async ({ ctx, input }) => (await getRecord(ctx.db, generic, viewer(ctx.admin), input.id)) as Row),
    create: writer.input(resource.createSchema).mutation(async ({ ctx, input }) => {
      if (!resource.operations.create) forbidden(resource, 'la création');
      return (await createRecord(ctx.db, generic, input as Record<string, unknown>)) as Row;
    }),
    update: writer.input(z.object({ id: idInput.shape.id, data: resource.updateSchema })).mutation(async ({ ctx, input }) => {
      if (!resource.operations.update) forbidden(resource, 'la modification');
      return (await updateRecord(ctx.db, generic, input.id, input.data as Record<string, unknown>)) as Row;
    }),
    delete: writer.input(idInput).mutation(async ({ ctx, input }) => {
      if (!resource.operations.delete) forbidden(resource, 'la suppression');
      return deleteRecord(ctx.db, generic, input.id);
    }),
  };
}

/** `crudRouter(resource)`: the whole router of an entity that needs nothing more. */
export const crudRouter = <N extends string, F extends Fields>(resource: Resource<N, F>) => router(crudProcedures(resource));

function forbidden(resource: AnyResource, what: string): never {
  throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `${resource.label.plural} : ${what} n'est pas possible ici.` });
}
