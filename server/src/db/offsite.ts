import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Decrypter, Encrypter, identityToRecipient } from 'age-encryption';
import { type Rotation, rotationPlan } from './backup';

// Offsite backups (issue 61): each checked backup, encrypted on this server with age before it
// leaves, uploaded in parts to any S3-compatible storage (AWS, Backblaze B2, Cloudflare R2, Wasabi,
// MinIO, Scaleway), read back by its size, then named as the latest and rotated there too. Nothing
// readable leaves: the object is age's header and ciphertext, its name the backup's date.

/** How long the storage keeps: the newest of each of the last 14 days and of the last 13 weeks (three months). */
export const OFFSITE_KEEP: Rotation = { daily: 14, weekly: 13 };
/** The object naming the latest good backup (its key, as text). */
const LATEST = 'latest';
const SUFFIX = '.age';
const PART_BYTES = 8 * 1024 * 1024;

export interface Offsite {
  bucket: string;
  /** '' or 'boutique/' (always ending with a slash). */
  prefix: string;
  client: S3Client;
  /** BACKUP_ENCRYPTION_KEY: an age recipient (age1…), an identity (AGE-SECRET-KEY-1…) or a passphrase. */
  key: string;
}

/** A refusal said in French, naming what to change. */
export class OffsiteError extends Error {}

/** `s3://bucket/prefix` as bucket and prefix; a French error for anything else. */
export function parseOffsiteUrl(url: string): { bucket: string; prefix: string; object: string | null } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!m) throw new OffsiteError(`BACKUP_OFFSITE_URL doit s’écrire s3://seau/dossier (« ${url} »).`);
  const rest = m[2] ?? '';
  return { bucket: m[1]!, prefix: rest && !rest.endsWith('/') ? `${rest}/` : rest, object: rest && !rest.endsWith('/') ? rest : null };
}

/** The S3 client of the standard AWS variables; a custom endpoint (MinIO, B2, R2…) is addressed by path. */
export function s3Client(env: NodeJS.ProcessEnv) {
  const endpoint = env.AWS_ENDPOINT_URL?.trim() || undefined;
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  return new S3Client({
    region: env.AWS_REGION?.trim() || 'us-east-1',
    // The key of these variables (otherwise the SDK's own chain: a machine role, a profile).
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) } }
      : {}),
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: several compatible storages refuse the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 4,
  });
}

/** The offsite target of the environment, or null when BACKUP_OFFSITE_URL is not set. */
export function offsiteFrom(env: NodeJS.ProcessEnv): Offsite | null {
  if (!env.BACKUP_OFFSITE_URL?.trim()) return null;
  const { bucket, prefix } = parseOffsiteUrl(env.BACKUP_OFFSITE_URL);
  const key = env.BACKUP_ENCRYPTION_KEY?.trim();
  if (!key) throw new OffsiteError('BACKUP_ENCRYPTION_KEY est requis avec BACKUP_OFFSITE_URL : rien ne quitte le serveur en clair.');
  if (!env.AWS_ACCESS_KEY_ID?.trim() || !env.AWS_SECRET_ACCESS_KEY?.trim())
    throw new OffsiteError('AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY sont requis avec BACKUP_OFFSITE_URL (la clé d’accès du stockage).');
  return { bucket, prefix, client: s3Client(env), key };
}

async function encrypter(key: string) {
  const e = new Encrypter();
  if (key.startsWith('AGE-SECRET-KEY-1')) e.addRecipient(await identityToRecipient(key));
  else if (key.startsWith('age1')) e.addRecipient(key);
  else e.setPassphrase(key);
  return e;
}

/** What the storage said, in French, naming the variable to check. */
export function storageError(err: unknown, offsite: Pick<Offsite, 'bucket'>): OffsiteError {
  const name = err instanceof S3ServiceException ? err.name : ((err as { code?: string; name?: string })?.code ?? (err as Error)?.name);
  const said = err instanceof Error ? err.message : String(err);
  const why: Record<string, string> = {
    InvalidAccessKeyId: 'le stockage ne connaît pas cette clé d’accès : vérifiez AWS_ACCESS_KEY_ID',
    SignatureDoesNotMatch: 'la clé secrète ne correspond pas : vérifiez AWS_SECRET_ACCESS_KEY',
    NoSuchBucket: `le seau « ${offsite.bucket} » n’existe pas : vérifiez BACKUP_OFFSITE_URL`,
    AccessDenied: `le stockage refuse l’accès au seau « ${offsite.bucket} » : vérifiez les droits de la clé AWS_ACCESS_KEY_ID`,
    ECONNREFUSED: 'le stockage ne répond pas : vérifiez AWS_ENDPOINT_URL',
    ENOTFOUND: 'adresse du stockage introuvable : vérifiez AWS_ENDPOINT_URL',
    PermanentRedirect: 'le seau est dans une autre région : vérifiez AWS_REGION',
    AuthorizationHeaderMalformed: 'la région ne correspond pas : vérifiez AWS_REGION',
  };
  return new OffsiteError(`Stockage hors site : ${why[name ?? ''] ?? `refus (${name ?? 'erreur'} : ${said.slice(0, 200)})`}.`, {
    cause: err,
  });
}

/**
 * Encrypts a checked backup as it streams from the disk, uploads it in parts (a part that fails is
 * sent again; an upload that fails is aborted, leaving no half object), checks the stored size,
 * then names it the latest and applies the rotation. Returns the object's key and size.
 */
export async function uploadBackup(offsite: Offsite, file: string, keep: Rotation = OFFSITE_KEEP) {
  const { client, bucket } = offsite;
  const key = `${offsite.prefix}${path.basename(file)}${SUFFIX}`;
  try {
    const plain = Readable.toWeb(fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) as unknown as ReadableStream<Uint8Array>;
    const sealed = await (await encrypter(offsite.key)).encrypt(plain);
    const bytes = sealed.size(fs.statSync(file).size);
    const body = Readable.fromWeb(sealed as unknown as WebReadableStream<Uint8Array>);
    await new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: 2,
    }).done();
    const stored = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    if (stored.ContentLength !== bytes) {
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: key }] } })).catch(() => undefined);
      throw new OffsiteError(
        `Stockage hors site : la copie envoyée fait ${stored.ContentLength} octets au lieu de ${bytes} ; elle est retirée.`,
      );
    }
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${offsite.prefix}${LATEST}`, Body: key, ContentType: 'text/plain' }));
    const removed = await rotateOffsite(offsite, keep);
    return { key, bytes, removed };
  } catch (err) {
    throw err instanceof OffsiteError ? err : storageError(err, offsite);
  }
}

/** The rotation of the local folder, applied to the storage's backups (never to anything else there). */
async function rotateOffsite(offsite: Offsite, keep: Rotation) {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await offsite.client.send(
      new ListObjectsV2Command({ Bucket: offsite.bucket, Prefix: offsite.prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const name = object.Key!.slice(offsite.prefix.length);
      if (!name.includes('/') && name.endsWith(SUFFIX)) names.push(name.slice(0, -SUFFIX.length));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const { remove } = rotationPlan(names, keep);
  if (remove.length)
    await offsite.client.send(
      new DeleteObjectsCommand({
        Bucket: offsite.bucket,
        Delete: { Objects: remove.map((name) => ({ Key: `${offsite.prefix}${name}${SUFFIX}` })) },
      }),
    );
  return remove;
}

/**
 * Brings a backup back from the storage (`s3://bucket/prefix/latest`, or an object's own key) into
 * `dir`, decrypted, and returns its path: a wrong key is refused at the header, a cut or altered
 * object fails its authentication, both before anything is restored.
 */
export async function fetchBackup(env: NodeJS.ProcessEnv, url: string, dir: string): Promise<string> {
  const { bucket, prefix, object } = parseOffsiteUrl(url);
  const key = (env.BACKUP_DECRYPTION_KEY ?? env.BACKUP_ENCRYPTION_KEY)?.trim();
  if (!key) throw new OffsiteError('BACKUP_ENCRYPTION_KEY (ou BACKUP_DECRYPTION_KEY, l’identité age) est requis pour déchiffrer.');
  const client = s3Client(env);
  const target = { bucket };
  try {
    let name = object ?? `${prefix}${LATEST}`;
    if (name === LATEST || name.endsWith(`/${LATEST}`)) {
      const latest = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
      name = (await latest.Body!.transformToString()).trim();
    }
    const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
    const d = new Decrypter();
    if (key.startsWith('AGE-SECRET-KEY-1')) d.addIdentity(key);
    else if (key.startsWith('age1'))
      throw new OffsiteError(
        'BACKUP_ENCRYPTION_KEY est une clé publique (age1…) : donnez l’identité AGE-SECRET-KEY-1… dans BACKUP_DECRYPTION_KEY.',
      );
    else d.addPassphrase(key);
    const file = path.join(dir, path.basename(name).replace(/\.age$/, ''));
    const partial = `${file}.partiel`;
    fs.mkdirSync(dir, { recursive: true });
    try {
      let plain: ReadableStream<Uint8Array>;
      try {
        plain = await d.decrypt(got.Body!.transformToWebStream() as unknown as ReadableStream<Uint8Array>);
      } catch (err) {
        throw new OffsiteError(
          'Clé de chiffrement refusée : cette sauvegarde ne se déchiffre pas avec BACKUP_ENCRYPTION_KEY. Rien n’a été restauré.',
          {
            cause: err,
          },
        );
      }
      await pipeline(Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>), fs.createWriteStream(partial));
      fs.renameSync(partial, file);
      return file;
    } catch (err) {
      fs.rmSync(partial, { force: true });
      if (err instanceof OffsiteError || err instanceof S3ServiceException) throw err;
      throw new OffsiteError(
        `La sauvegarde ${name} est incomplète ou altérée : elle ne se déchiffre pas jusqu’au bout. Rien n’a été restauré.`,
        {
          cause: err,
        },
      );
    }
  } catch (err) {
    throw err instanceof OffsiteError ? err : storageError(err, target);
  } finally {
    client.destroy();
  }
}

/** The doctor's check: the storage answers with these credentials (one listing of one key). */
export async function checkOffsite(offsite: Offsite) {
  try {
    await offsite.client.send(new ListObjectsV2Command({ Bucket: offsite.bucket, Prefix: offsite.prefix, MaxKeys: 1 }));
  } catch (err) {
    throw storageError(err, offsite);
  }
}
