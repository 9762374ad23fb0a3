import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import bcrypt from 'bcrypt';

export const BCRYPT_COST = 12;

// bcrypt reads only the first 72 bytes; a SHA-256 pre-hash (base64, 44 bytes) makes
// every character of a long or multi-byte password count.
const prehash = (password: string) => createHash('sha256').update(password.normalize('NFKC'), 'utf8').digest('base64');

/**
 * bcrypt runs on libuv's thread pool (4 threads), which file reads and compression share, so at
 * most two hashes run at once. Strangers get one of the two and may have two more waiting; past
 * that they are refused at once instead of queueing. The other is the owner's (her own browser,
 * signed in or holding a checked reset link): a burst never makes her wait behind it.
 */
export const BCRYPT_MAX_WAITING = 2;
export const BUSY_MESSAGE = 'Trop de connexions en cours. Réessayez dans quelques secondes.';

/** One lane: `slots` hashes at a time, `maxWaiting` in line, then refusal. */
function lane(slots: number, maxWaiting: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= slots) {
      if (waiting.length >= maxWaiting) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: BUSY_MESSAGE });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running++;
    try {
      bcryptStats.calls++;
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
const strangers = lane(1, BCRYPT_MAX_WAITING);
const owner = lane(1, Number.MAX_SAFE_INTEGER);
const limited = <T>(work: () => Promise<T>, priority: boolean) => (priority ? owner(work) : strangers(work));

/** How many hashes have been computed since start (tests prove a login burst stays bounded). */
export const bcryptStats = { calls: 0 };

/** Hashing a new password: only the owner (signed in, or holding a checked reset link) gets here. */
export function hashPassword(password: string): Promise<string> {
  return limited(() => bcrypt.hash(prehash(password), BCRYPT_COST), true);
}

/** `priority`: the caller is known to be the owner's own browser. */
export function verifyPassword(password: string, hash: string, { priority = false } = {}): Promise<boolean> {
  return limited(() => bcrypt.compare(prehash(password), hash), priority);
}

/**
 * Compared against when the e-mail is unknown, so both answers take as long: any hash of the same
 * cost does (tests/unit/password.test.ts checks it). Written out, not computed at start-up, which
 * held every server's start for a quarter of a second.
 */
export const DUMMY_HASH = '$2b$12$ZFh5b5g4qrEEe/eZ7A7tq.BuwyJn.DXm5Za7G07vSjc7X.IjNLV5S';
