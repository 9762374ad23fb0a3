import { initTRPC, TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import { ZodError } from 'zod';
import { forbiddenMessage, isUuid, MANAGERS, type ResourceName, resources, type Roles } from '@app/shared';
import type { Config } from './config';
import { snakeCase, tableName } from './db/columns';
import type { Database } from './db/schema';
import type { AfterResponse } from './platform/after-response';
import type { CookieJar, Logger, SessionAdmin } from './platform/context';
import { findPgError, isConnectionError, UNAVAILABLE } from './platform/db-errors';
import { FieldError } from './platform/errors';
import { controlCharacterPath, TOO_COMPLEX } from './platform/input-guard';
import { hitRateLimit } from './platform/rate-limit';
import { actionOf, auditedRow, diff, recordOf, referencedTitles, writeAudit } from './platform/audit';

export interface Context {
  db: Kysely<Database>;
  config: Config;
  admin: SessionAdmin | null;
  cookies: CookieJar;
  ip: string;
  /** The caller's browser (its user agent), for the audit log and the list of open sessions. */
  device?: string | undefined;
  log: Logger;
  /**
   * Runs work once the answer has left (mail, slow lookups): the caller cannot time it, and
   * its failure is logged, never the caller's (platform/after-response.ts).
   */
  afterResponse: AfterResponse;
  /** Drops the public cache's entries built from these resources, on every server. */
  invalidate(deps: readonly string[]): Promise<void>;
}

/**
 * Everything the server knows about a procedure's policy, in one place beside the procedure: the
 * body guard, the rate limiter, the public cache, the access walk and the storefront's batching
 * all read it, and no list elsewhere repeats it.
 * `cache`: a public read whose answer may be kept and shared, tagged with the resources it reads.
 * `invalidates`: the resources a mutation changes (none for a public form that changes nothing
 * public). A mutation that declares nothing drops the whole public cache: safe by default.
 */
export interface ProcedureMeta {
  /**
   * 'public' (publicProcedure): anyone may call it; its body may hold 32 kB. 'admin'
   * (adminProcedure): refused unread to anyone without a session; 1 MB.
   */
  access?: 'public' | 'admin';
  /**
   * Admin procedures: the roles that may call it (shared/src/team/roles.ts); the managers when
   * unsaid. Another role is refused with a French 403 before the procedure runs.
   */
  roles?: Roles;
  /**
   * The record an admin write changes, for the audit log: a resource's name (or 'admins'); the
   * record is the input's `id`, else the answer's (a creation), else the resource's one row. `false`:
   * nothing to record (this device's alerts). Unsaid: the write is recorded without fields.
   */
  audit?: AuditedTable | false;
  /** A row rule: for some roles, the record the input names must be theirs (a courier's own deliveries). */
  own?: OwnRule;
  /** One shopper's own data (an order by its private link): never cached, never batched with public reads. */
  private?: true;
  cache?: readonly CacheTag[];
  invalidates?: readonly CacheTag[];
  /** Per-address limit: `limit` calls per `windowSeconds`, counted per procedure or in a named `bucket` several share. */
  rateLimit?: { limit: number; windowSeconds: number; bucket?: string };
}

/**
 * For `roles`, the input's `id` must name a row of `table` (by its `key` column) whose `owner` column
 * is the caller's id. Checked before the procedure runs, refused with `message` (a French 403); an
 * input without a valid id is left to the procedure's own validation. The role walk tries every
 * declared rule (tests/support/access.ts).
 */
export interface OwnRule {
  roles: Roles;
  table: keyof Database;
  key: string;
  owner: string;
  message: string;
}

/** What the audit log records a write to: a resource of the registry, or the team's own tables (platform/audit.ts). */
export type AuditedTable = ResourceName | 'admins' | 'invitations';

/**
 * Registry names, checked by the compiler: a renamed resource cannot silently stop invalidating.
 * `<name>:pages` is narrower: the addresses of a resource's record pages (the sitemap), which only
 * its own create, update and delete change; an order changing a product's stock does not.
 */
export type CacheTag = ResourceName | `${ResourceName}:pages` | '*';
/** What a write to a resource drops: its answers, and its addresses when its records have pages. */
export const writeTags = (resource: { name: string; page?: unknown }): CacheTag[] =>
  [resource.name, ...(resource.page ? [`${resource.name}:pages`] : [])] as CacheTag[];

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const fieldErrors = fieldErrorsOf(error);
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: fieldErrors
          ? error.cause instanceof ZodError
            ? `Certains champs sont invalides : ${Object.values(fieldErrors).join(' ')}`
            : error.message
          : internal
            ? 'Une erreur interne est survenue. Réessayez dans un instant.'
            : error.code === 'NOT_FOUND' && !error.cause && shape.message.startsWith('No procedure found')
              ? "Cette opération n'existe pas."
              : shape.message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fieldErrors },
      };
    },
  });

export function fieldErrorsOf(error: TRPCError): Record<string, string> | null {
  const cause = error.cause;
  if (cause instanceof FieldError) return cause.fieldErrors;
  if (!(cause instanceof ZodError)) return null;
  const out: Record<string, string> = {};
  for (const issue of cause.issues) {
    // `update` takes { id, data }: report the field itself, as `create` does.
    const path = issue.path[0] === 'data' ? issue.path.slice(1) : issue.path;
    const key = path.length ? path.map(String).join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

type PgError = NonNullable<ReturnType<typeof findPgError>>;

/** The registered resource whose table a database error names (the shop's: a test's own is not known here). */
const resourceOfTable = (table: string | undefined) => resources.find((r) => tableName(r) === table);

/** A duplicate value, said with its field's own message (its declaration's `unique`), on that field. */
function duplicate(pgError: PgError): { field: string; message: string } {
  // "Key (slug)=(…)", or "Key (upper(code))=(…)" for a unique index on an expression.
  const column = /^Key \((?:\w+\()*(\w+)/.exec(pgError.detail ?? '')?.[1];
  const resource = resourceOfTable(pgError.table) ?? resources.find((r) => pgError.constraint?.startsWith(`${tableName(r)}_`) ?? false);
  const entry = resource && Object.entries(resource.fields).find(([key]) => snakeCase(key) === column);
  if (!entry) return { field: '_', message: 'Cette valeur est déjà utilisée.' };
  const [key, field] = entry;
  return { field: key, message: field.unique ?? `« ${field.label} » : cette valeur est déjà utilisée, choisissez-en une autre.` };
}

/** A record others still point at: says which (its sessions, for a training). */
function stillUsed(pgError: PgError): string {
  const by = resourceOfTable(/referenced from table "(\w+)"/.exec(pgError.detail ?? '')?.[1]);
  const what = by ? `des ${by.label.plural.toLowerCase()} y sont ${by.label.feminine ? 'liées' : 'liés'}` : 'd’autres éléments y sont liés';
  return `Impossible de le supprimer : ${what}. Supprimez-les d’abord, ou dépubliez-le.`;
}

// PostgreSQL errors that bad input can still reach (a race on a unique value, a CHECK) are the
// caller's fault, not ours: answer them as such instead of a 500.
const databaseErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  if (isConnectionError(result.error)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE, cause: result.error });
  }
  const pgError = findPgError(result.error);
  if (!pgError) return result;
  if (pgError.code === '23505') {
    const { field, message } = duplicate(pgError);
    throw new TRPCError({ code: 'CONFLICT', message, cause: new FieldError({ [field]: message }) });
  }
  if (pgError.code === '23503' && /still referenced/.test(pgError.detail ?? '')) {
    throw new TRPCError({ code: 'CONFLICT', message: stillUsed(pgError) });
  }
  if (['23514', '23502', '22P02', '22003', '22001', '23503'].includes(pgError.code)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Valeur refusée : vérifiez les champs saisis.' });
  }
  return result;
});

const refuseControlCharacters = t.middleware(async ({ getRawInput, next }) => {
  // The body was already bounded in bytes before it was read (http/body-guard.ts); here the
  // number of values is bounded too. An unreadable body is left to the procedure.
  const found = controlCharacterPath(await getRawInput().catch(() => undefined));
  if (found === TOO_COMPLEX) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'Envoi trop complexe.' });
  if (found) {
    const field = (found[0] === 'data' ? found.slice(1) : found).join('.') || '_';
    const message = 'Caractère de contrôle non autorisé : retirez-le du texte saisi.';
    throw new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldError({ [field]: message }) });
  }
  return next();
});

// After a successful write, in the same request: the next read, here or on another server, is fresh.
const announceWrites = t.middleware(async ({ ctx, meta, type, next }) => {
  const result = await next();
  if (type === 'mutation' && result.ok) {
    const deps = meta?.invalidates ?? ['*'];
    if (deps.length) await ctx.invalidate(deps);
  }
  return result;
});

// Per-address limits declared in `meta.rateLimit`.
const rateLimits = t.middleware(async ({ ctx, meta, path, next }) => {
  const rule = meta?.rateLimit;
  if (rule && ctx.config.rateLimit) await hitRateLimit(ctx.db, `${rule.bucket ?? path}:${ctx.ip}`, rule.limit, rule.windowSeconds);
  return next();
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure
  .meta({ access: 'public' })
  .use(refuseControlCharacters)
  .use(rateLimits)
  .use(announceWrites)
  .use(databaseErrors);

/** The id a write's input or answer names: its own, else that of the one record it carries ({ order, change }). */
const idOf = (value: unknown): string | null => {
  if (!value || typeof value !== 'object') return null;
  const { id } = value as { id?: unknown };
  if (typeof id === 'string') return id;
  const carried = Object.values(value).filter((v) => v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string');
  return carried.length === 1 ? (carried[0] as { id: string }).id : null;
};

// Every admin write, as it happened: who, with which role, from where, the fields before and after.
// A journal that cannot be written (the database gone since the write) is logged, and the write,
// which happened, is answered as done.
const audited = t.middleware(async ({ ctx, meta, type, path, getRawInput, next }) => {
  if (type !== 'mutation' || !ctx.admin || meta?.audit === false) return next();
  const resource = meta?.audit;
  const id = idOf(await getRawInput().catch(() => null));
  const before = resource ? await auditedRow(ctx.db, resource, id) : null;
  const result = await next();
  if (!result.ok) return result;
  try {
    const after = resource ? await auditedRow(ctx.db, resource, id ?? idOf(result.data)) : null;
    const changed = resource ? diff(resource, before, after, await referencedTitles(ctx.db, resource, [before, after])) : {};
    const actor = { email: ctx.admin.email, role: ctx.admin.role, device: ctx.device, ip: ctx.ip };
    await writeAudit(ctx.db, actor, {
      action: actionOf(path, resource),
      record: resource ? recordOf(resource, after ?? before) : null,
      ...changed,
    });
  } catch (error) {
    ctx.log.error({ err: error, path }, 'audit log entry not written');
  }
  return result;
});

/** Every write and every admin read goes through here: signed in, and a role the procedure allows. */
export const adminProcedure = publicProcedure
  .meta({ access: 'admin' })
  .use(({ ctx, meta, next }) => {
    if (!ctx.admin) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Veuillez vous connecter pour continuer.' });
    if (!(meta?.roles ?? MANAGERS).includes(ctx.admin.role))
      throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage(ctx.admin.role) });
    return next({ ctx: { ...ctx, admin: ctx.admin } });
  })
  .use(async ({ ctx, meta, getRawInput, next }) => {
    const own = meta?.own;
    if (own && own.roles.includes(ctx.admin.role)) {
      const id = ((await getRawInput()) as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string' && isUuid(id)) {
        const mine = await (ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .selectFrom(own.table)
          .select(own.key)
          .where(own.key, '=', id)
          .where(own.owner, '=', ctx.admin.id)
          .executeTakeFirst();
        if (!mine) throw new TRPCError({ code: 'FORBIDDEN', message: own.message });
      }
    }
    return next();
  })
  .use(audited);

/**
 * A public form (contact, verification request, newsletter): it changes nothing the public cache
 * holds, and each address may send it `perTenMinutes` times per 10 minutes. (Its schema refuses
 * a filled honeypot field.)
 */
export const publicForm = (perTenMinutes: number) =>
  publicProcedure.meta({ invalidates: [], rateLimit: { limit: perTenMinutes, windowSeconds: 10 * 60 } });
