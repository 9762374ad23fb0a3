import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { serverSecret } from '../platform/secrets';

/**
 * The owner's browsers (OWASP's "device cookie"): a browser that signed in once carries a signed
 * token naming the admin. Its attempts are counted apart from everyone else's, so a stranger
 * guessing passwords, from one address or thousands, can slow or lock the account for strangers
 * but never for the owner's own phone.
 */
export const deviceCookieName = (config: Config) => (config.production ? '__Host-device' : 'device');
export const DEVICE_COOKIE_DAYS = 365;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export async function issueDeviceToken(db: DB, adminId: string): Promise<string> {
  const payload = `${adminId}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${sign(await serverSecret(db, 'device-cookie'), payload)}`;
}

/** The admin a genuine token was given to, and the device's own name; null for anything else. */
export async function verifyDevice(db: DB, token: string | undefined): Promise<{ adminId: string; device: string } | null> {
  if (!token || token.length > 200) return null;
  const [adminId, device, signature] = token.split('.');
  if (!adminId || !device || !signature) return null;
  const expected = Buffer.from(sign(await serverSecret(db, 'device-cookie'), `${adminId}.${device}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { adminId, device } : null;
}

/**
 * Sign-ins in progress on this server from browsers that are not the owner's. Past a few, the next
 * is refused at once, before it reaches the database or bcrypt: a burst can fill this, never the
 * owner's lane, and never the queue in front of the database that everyone else shares.
 */
export const STRANGER_LOGINS_AT_ONCE = 6;
let strangers = 0;
/** A stranger's place among the sign-ins under way, with its release; null when all are taken. */
export function takeStrangerSlot(): (() => void) | null {
  if (strangers >= STRANGER_LOGINS_AT_ONCE) return null;
  strangers++;
  let released = false;
  return () => {
    if (!released) strangers--;
    released = true;
  };
}

export async function asStranger<T>(work: () => Promise<T>, busy: () => never): Promise<T> {
  const release = takeStrangerSlot() ?? busy();
  try {
    return await work();
  } finally {
    release();
  }
}
