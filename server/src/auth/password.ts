import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';

export const BCRYPT_COST = 12;

// bcrypt reads only the first 72 bytes; a SHA-256 pre-hash (base64, 44 bytes) makes
// every character of a long or multi-byte password count.
const prehash = (password: string) => createHash('sha256').update(password.normalize('NFKC'), 'utf8').digest('base64');

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(prehash(password), BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), hash);
}

/** Compared against when the e-mail is unknown, so both answers take as long. */
export const DUMMY_HASH = bcrypt.hashSync('no-such-admin', BCRYPT_COST);
