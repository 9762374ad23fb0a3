import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../db/schema';

/** Failures allowed in a row before each new attempt has to wait. */
export const FREE_FAILURES = 10;
/** The same for an account across every address: a guess spread over many addresses stops here. */
export const ACCOUNT_FREE_FAILURES = 20;
const MAX_DELAY_SECONDS = 15 * 60;
const FORGET_AFTER_HOURS = 24;

/** 1 s after the 10th failure in a row, doubling each time, never more than 15 minutes. */
export const delaySeconds = (failures: number, free = FREE_FAILURES) =>
  failures < free ? 0 : Math.min(MAX_DELAY_SECONDS, 2 ** (failures - free));

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/** A throttling counter and the failures it allows before it makes the next attempt wait. */
export interface LoginKey {
  key: string;
  free: number;
}

/**
 * Login throttling keys. From the owner's own browser (a valid device cookie): that device only,
 * so nothing strangers do, from any address, slows it. From anywhere else: the client's address,
 * the account as seen from that address, and the account across all addresses.
 */
export function loginKeys(email: string, ip: string, device: string | null): LoginKey[] {
  if (device) return [{ key: `device:${device}`, free: FREE_FAILURES }];
  const account = accountKey(email);
  return [
    { key: `ip:${ip}`, free: FREE_FAILURES },
    { key: `${account}|ip:${ip}`, free: FREE_FAILURES },
    { key: account, free: ACCOUNT_FREE_FAILURES },
  ];
}

/**
 * Addresses this process saw locked out of signing in, until when, per database: their next
 * attempts are refused before their body is read (http/body-guard.ts). The count itself stays in
 * the database, shared by every server.
 */
const lockedAddresses = new WeakMap<DB, LRUCache<string, number>>();
const lockedOf = (db: DB) => {
  let memory = lockedAddresses.get(db);
  if (!memory) lockedAddresses.set(db, (memory = new LRUCache<string, number>({ max: 10_000 })));
  return memory;
};

/** Seconds this address must still wait before signing in, as far as this process knows (0: none known). */
export function addressLockedOut(db: DB, ip: string): number {
  return Math.max(0, ((lockedOf(db).get(ip) ?? 0) - Date.now()) / 1000);
}

/** Said when the account, not this address, is being slowed. */
export const ACCOUNT_LOCK_HINT =
  'Des essais venant d’ailleurs ralentissent ce compte : si c’est le vôtre, « Mot de passe oublié » vous envoie un lien qui vous laisse entrer tout de suite.';

export function waitMessage(seconds: number) {
  const wait = seconds < 60 ? `${Math.max(1, Math.ceil(seconds))} seconde(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
  return `Trop de tentatives de connexion. Réessayez dans ${wait}.`;
}

/**
 * Reserves one login attempt for every key, or refuses with a French 429 while a key waits.
 * The read and the reservation happen under a row lock in one transaction, so N concurrent
 * attempts count as N: a burst cannot slip past the limit before its failures are written.
 * The reservation is a failure until the password proves right (then the keys are cleared).
 */
export async function reserveLoginAttempt(db: DB, keys: LoginKey[]) {
  const sorted = keys.map((k) => k.key).sort();
  const free = new Map(keys.map((k) => [k.key, k.free]));
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('loginFailures')
      .values(sorted.map((key) => ({ key, failures: 0 })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rows = await tx
      .selectFrom('loginFailures')
      .select([
        'key',
        'failures',
        sql<boolean>`last_failure_at < now() - make_interval(hours => ${FORGET_AFTER_HOURS})`.as('stale'),
        sql<number>`extract(epoch from now() - last_failure_at)`.as('elapsed'),
      ])
      .where('key', 'in', sorted)
      .orderBy('key')
      .forUpdate()
      .execute();
    const wait = (r: (typeof rows)[number]) => (r.stale ? 0 : delaySeconds(r.failures, free.get(r.key)) - Number(r.elapsed));
    const remaining = Math.max(0, ...rows.map(wait));
    const address = rows.find((r) => r.key.startsWith('ip:'));
    if (address && wait(address) > 0) lockedOf(db).set(address.key.slice('ip:'.length), Date.now() + wait(address) * 1000);
    // The account itself slowed by strangers' guesses from many addresses: its owner, on a new
    // phone, has a way in at once (a reset link clears the account's counters).
    const account = rows.find((r) => r.key.startsWith('account:') && !r.key.includes('|'));
    const hint = account && wait(account) > 0 ? ` ${ACCOUNT_LOCK_HINT}` : '';
    if (remaining > 0) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `${waitMessage(remaining)}${hint}` });
    await tx
      .updateTable('loginFailures')
      .set({
        failures: sql<number>`CASE WHEN last_failure_at < now() - make_interval(hours => ${FORGET_AFTER_HOURS}) THEN 1 ELSE failures + 1 END`,
        lastFailureAt: sql<string>`now()`,
      })
      .where('key', 'in', sorted)
      .execute();
  });
}

/** A reserved attempt failed: the wait before the next one starts now, after the slow check. */
export async function recordLoginFailure(db: DB, keys: LoginKey[]) {
  await db
    .updateTable('loginFailures')
    .set({ lastFailureAt: sql<string>`now()` })
    .where(
      'key',
      'in',
      keys.map((k) => k.key),
    )
    .execute();
}

export async function clearLoginFailures(db: DB, keys: LoginKey[]) {
  for (const { key } of keys) if (key.startsWith('ip:')) lockedOf(db).delete(key.slice('ip:'.length));
  await db
    .deleteFrom('loginFailures')
    .where(
      'key',
      'in',
      keys.map((k) => k.key),
    )
    .execute();
}

/**
 * The account's own counters, from every address: the owner who proved who she is (a reset link
 * from her mailbox, `npm run admin:create` on the server) is not kept waiting by strangers' guesses.
 * Address counters stay: they slow the guessers, not her.
 */
export async function clearAccountLock(db: DB, email: string) {
  const account = accountKey(email);
  await db
    .deleteFrom('loginFailures')
    .where((eb) => eb.or([eb('key', '=', account), eb(sql<boolean>`starts_with(key, ${`${account}|`})`, '=', true)]))
    .execute();
}
