import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';

export const BCRYPT_COST = 12;

// bcrypt reads only the first 72 bytes; a SHA-256 pre-hash (base64, 44 bytes) makes
// every character of a long or multi-byte password count.
const prehash = (password: string) => createHash('sha256').update(password.normalize('NFKC'), 'utf8').digest('base64');

/**
 * bcrypt runs on libuv's thread pool (4 threads), which file reads and compression share.
 * At most two hashes run at once, so a burst of logins queues here instead of stalling
 * the catalogue.
 */
export const BCRYPT_CONCURRENCY = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= BCRYPT_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many hashes have been computed since start (tests prove a login burst stays bounded). */
export const bcryptStats = { calls: 0 };

export function hashPassword(password: string): Promise<string> {
  bcryptStats.calls++;
  return limited(() => bcrypt.hash(prehash(password), BCRYPT_COST));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  bcryptStats.calls++;
  return limited(() => bcrypt.compare(prehash(password), hash));
}

/** Compared against when the e-mail is unknown, so both answers take as long. */
export const DUMMY_HASH = bcrypt.hashSync('no-such-admin', BCRYPT_COST);
