import { randomUUID } from 'node:crypto';
import type { AnyResource } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Client, failure, httpClient, type TestApp } from './app';
import { createRow, crudOf, referencedRecord } from './crud';
import { editableTextField, sampleInput } from './samples';

/**
 * One suite for every resource of a registry, over real HTTP, so a new entity is covered with no
 * new test: tests/api/contract.test.ts runs it on the shop's registry, new-resource.test.ts on a
 * throwaway resource. `start` gives an app whose router and tables hold the resources.
 */
export function describeContract(
  registry: readonly AnyResource[],
  start: () => Promise<TestApp>,
  /** Where the resources that references point at are found (the shop's registry, or a test's). */
  lookup: readonly AnyResource[] = registry,
) {
  let app: TestApp;
  let admin: Client;
  let visitor: Client;

  beforeAll(async () => {
    app = await start();
    admin = httpClient(app.url).client;
    visitor = httpClient(app.url).client;
    await admin.auth.login.mutate(ADMIN);
  });
  afterAll(() => app?.close());

  describe.each(registry.filter((r) => !r.singleton).map((r) => [r.name, r] as const))('%s', (_name, resource) => {
    const api = () => crudOf(admin, resource);

    it('creates a record with server-set id and timestamps', async () => {
      const before = Date.now();
      const row = await createRow(admin, resource, {}, app.db, lookup);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(row.createdAt)).toBeGreaterThan(before - 60_000);
      expect(row.updatedAt).toBe(row.createdAt);
      const again = await api().get.query({ id: row.id });
      expect(again).toEqual(row);
    });

    it('refuses invalid input with a French message per field', async () => {
      const error = await failure(api().create.mutate({}));
      if (!resource.operations.create) {
        // A verb the resource turns off is not in the API at all.
        expect(error).toMatchObject({ code: 'NOT_FOUND', message: "Cette opération n'existe pas." });
        return;
      }
      expect(error.code).toBe('BAD_REQUEST');
      const required = Object.entries(resource.fields).filter(([, f]) => !f.readOnly && !f.optional && !f.hasDefault && f.kind !== 'slug');
      expect(required.length).toBeGreaterThan(0);
      for (const [key] of required) expect(error.fieldErrors?.[key]).toBe('Ce champ est obligatoire.');
      const unknownKey = await failure(api().create.mutate({ ...sampleInput(resource), isAdmin: true }));
      expect(unknownKey.code).toBe('BAD_REQUEST');
    });

    it('lists with paging, a total and a page size capped at 100', async () => {
      for (let i = 0; i < 3; i++) await createRow(admin, resource, {}, app.db, lookup);
      const first = await api().list.query({ page: 1, pageSize: 2 });
      const second = await api().list.query({ page: 2, pageSize: 2 });
      expect(first.rows).toHaveLength(2);
      expect(first.total).toBeGreaterThanOrEqual(3);
      expect(second.total).toBe(first.total);
      const ids = new Set(first.rows.map((r) => r.id));
      expect(second.rows.some((r) => ids.has(r.id))).toBe(false);
      expect((await failure(api().list.query({ pageSize: 101 }))).code).toBe('BAD_REQUEST');
      expect((await failure(api().list.query({ sort: 'passwordHash' }))).code).toBe('BAD_REQUEST');
    });

    it.each(resource.list.sortable.map((s) => [s]))('sorts by %s both ways', async (field) => {
      const asc = await api().list.query({ pageSize: 100, sort: field, order: 'asc' });
      const desc = await api().list.query({ pageSize: 100, sort: field, order: 'desc' });
      expect(asc.rows.length).toBeGreaterThan(1);
      // One page holds them all: one order is the other reversed. More (the audit log, which every
      // write of the other tests feeds): each page is in its order.
      if (asc.total <= 100) expect(desc.rows.map((r) => r.id)).toEqual(asc.rows.map((r) => r.id).reverse());
      else {
        const ordered = (rows: typeof asc.rows) => rows.every((r, i) => i === 0 || String(rows[i - 1]![field]) <= String(r[field]));
        expect(ordered(asc.rows)).toBe(true);
        expect(ordered([...desc.rows].reverse())).toBe(true);
      }
      const values = asc.rows.map((r) => r[field]);
      if (values.every((v) => typeof v === 'number')) expect([...(values as number[])].sort((a, b) => a - b)).toEqual(values);
    });

    it.each(resource.list.search.map((s) => [s]))('searches %s case-insensitively, as a substring', async (field) => {
      const row = await createRow(admin, resource, {}, app.db, lookup);
      const value = String(row[field]);
      const needle = value.slice(Math.max(0, value.length - 8));
      const flipped = needle === needle.toUpperCase() ? needle.toLowerCase() : needle.toUpperCase();
      const found = await api().list.query({ search: flipped, pageSize: 100 });
      expect(found.rows.map((r) => r.id)).toContain(row.id);
      expect(found.total).toBe(found.rows.length);
      const none = await api().list.query({ search: `${needle}%_introuvable` });
      expect(none.rows).toEqual([]);
      expect(none.total).toBe(0);
    });

    it.each(resource.list.search.map((s) => [s]))('searches %s ignoring accents, both ways', async (field) => {
      const def = resource.fields[field]!;
      // Free text takes accents as stored; every field (e-mail, phone, number) is also found by an accented search.
      const stored =
        !def.readOnly && !def.pattern && ['text', 'longText'].includes(def.kind) ? `ÉÇÀ${randomUUID().slice(0, 6)}` : undefined;
      const row = await createRow(admin, resource, stored ? { [field]: stored } : {}, app.db, lookup);
      const value = String(row[field]);
      if (stored) {
        expect(value).toBe(stored);
        for (const plain of [`eca${stored.slice(3)}`, `ECA${stored.slice(3).toUpperCase()}`, stored.toLowerCase()]) {
          expect((await api().list.query({ search: plain, pageSize: 100 })).rows.map((r) => r.id)).toContain(row.id);
        }
      }
      const needle = value.slice(Math.max(0, value.length - 8)).toLowerCase();
      const accented = needle.replace(/[aceiou]/g, (c) => ({ a: 'À', c: 'Ç', e: 'É', i: 'Î', o: 'Ô', u: 'Ù' })[c]!);
      expect((await api().list.query({ search: accented, pageSize: 100 })).rows.map((r) => r.id)).toContain(row.id);
    });

    it.each(resource.list.search.map((s) => [s]))('has a trigram index on the normalized %s', async (field) => {
      const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const table = resource.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE tablename = ${table}`.execute(app.db);
      expect(rows.map((r) => r.indexdef)).toContainEqual(
        expect.stringMatching(new RegExp(`gin \\(f_unaccent\\(lower\\(${column}\\)\\) gin_trgm_ops\\)`)),
      );
    });

    it.each((resource.list.filters ?? []).map((f) => [f]))('filters on %s', async (field) => {
      const def = resource.fields[field]!;
      const values =
        def.kind === 'boolean'
          ? [true, false]
          : def.kind === 'reference'
            ? [
                (await referencedRecord(admin, def.references!, app.db, lookup)).id,
                (await referencedRecord(admin, def.references!, app.db, lookup)).id,
              ]
            : def.kind === 'text'
              ? // A free text (the journal's « Par »): two values of the kind it holds.
                [`filtre-${randomUUID().slice(0, 8)}@exemple.bj`, `autre-${randomUUID().slice(0, 8)}@exemple.bj`]
              : Object.keys(def.options ?? {});
      const [a, b] = values;
      const row = await createRow(admin, resource, { [field]: a }, app.db, lookup);
      const matching = await api().list.query({ filters: { [field]: a }, pageSize: 100 });
      expect(matching.rows.map((r) => r.id)).toContain(row.id);
      expect(matching.rows.every((r) => r[field] === a)).toBe(true);
      const other = await api().list.query({ filters: { [field]: b }, pageSize: 100 });
      expect(other.rows.map((r) => r.id)).not.toContain(row.id);
      const invalid = def.kind === 'text' ? 'x'.repeat((def.max ?? 1000) + 1) : 'n’importe quoi';
      expect((await failure(api().list.query({ filters: { [field]: invalid } }))).code).toBe('BAD_REQUEST');
      // A text filter offers the values found (the members of the journal).
      if (def.kind === 'text') expect(await api().filterValues.query({ field })).toContain(a);
    });

    it('updates a field and moves updatedAt (or refuses, where the resource forbids it)', async () => {
      const row = await createRow(admin, resource, {}, app.db, lookup);
      if (!resource.operations.update) {
        expect(await failure(api().update.mutate({ id: row.id, data: {} }))).toMatchObject({
          code: 'NOT_FOUND',
          message: "Cette opération n'existe pas.",
        });
        return;
      }
      const [field, value] = editableTextField(resource);
      await new Promise((r) => setTimeout(r, 5));
      const updated = await api().update.mutate({ id: row.id, data: { [field]: value } });
      expect(updated[field]).toBe(value);
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(row.updatedAt));
      expect(updated.createdAt).toBe(row.createdAt);
      expect((await failure(api().update.mutate({ id: row.id, data: { [field]: '' } }))).fieldErrors?.[field]).toBeTruthy();
    });

    it('deletes, after which the record is not found (or refuses, where the resource forbids it)', async () => {
      const row = await createRow(admin, resource, {}, app.db, lookup);
      if (!resource.operations.delete) {
        expect((await failure(api().delete.mutate({ id: row.id }))).code).toBe('NOT_FOUND');
        expect((await api().get.query({ id: row.id })).id).toBe(row.id);
        return;
      }
      expect(await api().delete.mutate({ id: row.id })).toEqual({ id: row.id });
      expect((await failure(api().get.query({ id: row.id }))).code).toBe('NOT_FOUND');
      expect((await failure(api().delete.mutate({ id: row.id }))).code).toBe('NOT_FOUND');
    });

    it('answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one, never a 500', async () => {
      const missing = await failure(api().get.query({ id: randomUUID() }));
      expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(missing.message).toMatch(/introuvable/);
      expect((await failure(api().update.mutate({ id: randomUUID(), data: {} }))).code).toBe('NOT_FOUND');
      expect((await failure(api().get.query({ id: "1' OR '1'='1" }))).code).toBe('BAD_REQUEST');
    });

    it('refuses every write from an anonymous visitor', async () => {
      const row = await createRow(admin, resource, {}, app.db, lookup);
      const anon = crudOf(visitor, resource);
      const attempts = {
        create: () => anon.create.mutate(sampleInput(resource)),
        update: () => anon.update.mutate({ id: row.id, data: {} }),
        delete: () => anon.delete.mutate({ id: row.id }),
      };
      for (const [verb, attempt] of Object.entries(attempts)) {
        // A verb the resource turns off does not exist for anybody (see "refuses invalid input").
        if (!resource.operations[verb as keyof typeof attempts]) continue;
        expect(await failure(attempt())).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
      }
      expect((await api().get.query({ id: row.id })).id).toBe(row.id);
    });

    it(`lets anonymous visitors read ${resource.read === 'public' ? 'published records only' : 'nothing'}`, async () => {
      const anon = crudOf(visitor, resource);
      if (resource.read === 'admin') {
        expect((await failure(anon.list.query())).code).toBe('UNAUTHORIZED');
        return;
      }
      const shown = await createRow(admin, resource, {}, app.db, lookup);
      expect((await anon.get.query({ id: shown.id })).id).toBe(shown.id);
      if (!resource.publishedField) return;
      const hidden = await createRow(admin, resource, { [resource.publishedField]: false }, app.db, lookup);
      expect((await failure(anon.get.query({ id: hidden.id }))).code).toBe('NOT_FOUND');
      const list = await anon.list.query({ pageSize: 100 });
      expect(list.rows.every((r) => r[resource.publishedField!] === true)).toBe(true);
      expect(list.rows.map((r) => r.id)).not.toContain(hidden.id);
    });
  });
}
