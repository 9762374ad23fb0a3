import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DB } from '../db/schema';
import { serverSecret } from './secrets';

// A secret a message carries (a reset or invitation link, a confirmation link) never lies in the
// outbox readable: the text holds SEALED_MARK where the link goes, the payload `sealed` holds the
// link encrypted with a key only the server reads (server_secrets), and the delivery puts it back
// at the last moment. The "Envois", the audit log's copies and any export of the outbox show the
// mark; the ciphertext is dropped once the message is sent, given up on or expired.

export const SEALED_MARK = '[lien personnel masqué]';
const KEY_NAME = 'outbox-seal';

const key = async (db: DB) => Buffer.from(await serverSecret(db, KEY_NAME), 'base64url');

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
export async function seal(db: DB, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(db), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export async function unseal(db: DB, sealed: string): Promise<string> {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', await key(db), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

/** The words of a message with its secret put back where the mark stands. */
export const reveal = (text: string, secret: string) => text.split(SEALED_MARK).join(secret);
