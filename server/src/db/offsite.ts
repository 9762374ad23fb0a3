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
import { FILES_FOLDER, filesList, LIST_SUFFIX } from './file-backup';
import { diskStore } from './file-store';
import { OffsiteError, s3Client, storageError } from './s3';
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

/** `s3://bucket/prefix` as bucket and prefix; a French error for anything else. */
export function parseOffsiteUrl(url: string): { bucket: string; prefix: string; object: string | null } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!m) throw new OffsiteError(`BACKUP_OFFSITE_URL doit s’écrire s3://seau/dossier (« ${url} »).`);
  const rest = m[2] ?? '';
  return { bucket: m[1]!, prefix: rest && !rest.endsWith('/') ? `${rest}/` : rest, object: rest && !rest.endsWith('/') ? rest : null };
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
    const files = await uploadFiles(offsite, file);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${offsite.prefix}${LATEST}`, Body: key, ContentType: 'text/plain' }));
    const removed = await rotateOffsite(offsite, keep);
    return { key, bytes, removed, files };
  } catch (err) {
    throw err instanceof OffsiteError ? err : storageError(err, offsite);
  }
}

/** The names of the objects under a prefix (relative to it). */
async function listNames(offsite: Offsite, prefix: string) {
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await offsite.client.send(new ListObjectsV2Command({ Bucket: offsite.bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) names.push(object.Key!.slice(prefix.length));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return names;
}

const remove = async (offsite: Offsite, keys: string[]) => {
  for (let i = 0; i < keys.length; i += 1000)
    await offsite.client.send(
      new DeleteObjectsCommand({ Bucket: offsite.bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }),
    );
};

/**
 * The files a backup lists (files/backup.ts), each sent once, encrypted, as fichiers/<its hash>.age;
 * then the list itself (hashes only). Returns how many were sent.
 */
async function uploadFiles(offsite: Offsite, file: string) {
  const keys = filesList(file);
  if (!keys) return 0;
  const folder = `${offsite.prefix}${FILES_FOLDER}/`;
  const there = new Set(await listNames(offsite, folder));
  const copies = diskStore(path.join(path.dirname(file), FILES_FOLDER));
  let sent = 0;
  for (const key of keys) {
    if (there.has(`${key}${SUFFIX}`)) continue;
    const bytes = await copies.get(key);
    if (!bytes) throw new OffsiteError(`Le fichier ${key} manque dans ${path.dirname(file)}/${FILES_FOLDER} : copie hors site incomplète.`);
    const sealed = await (await encrypter(offsite.key)).encrypt(bytes);
    await offsite.client.send(new PutObjectCommand({ Bucket: offsite.bucket, Key: `${folder}${key}${SUFFIX}`, Body: sealed }));
    sent++;
  }
  await offsite.client.send(
    new PutObjectCommand({
      Bucket: offsite.bucket,
      Key: `${offsite.prefix}${path.basename(file)}${LIST_SUFFIX}`,
      Body: keys.join('\n'),
      ContentType: 'text/plain',
    }),
  );
  return sent;
}

/**
 * The rotation of the local folder, applied to the storage's backups (never to anything else
 * there), then to the lists of files of the backups it removed, then to the files no list names.
 */
async function rotateOffsite(offsite: Offsite, keep: Rotation) {
  const top = (await listNames(offsite, offsite.prefix)).filter((name) => !name.includes('/'));
  const backups = top.filter((name) => name.endsWith(SUFFIX)).map((name) => name.slice(0, -SUFFIX.length));
  const { keep: kept, remove: removed } = rotationPlan(backups, keep);
  const lists = top.filter((name) => name.endsWith(LIST_SUFFIX));
  const orphanLists = lists.filter((name) => !kept.includes(name.slice(0, -LIST_SUFFIX.length)));
  await remove(offsite, [
    ...removed.map((name) => `${offsite.prefix}${name}${SUFFIX}`),
    ...orphanLists.map((name) => `${offsite.prefix}${name}`),
  ]);
  const named = new Set<string>();
  for (const list of lists.filter((name) => !orphanLists.includes(name))) {
    const object = await offsite.client.send(new GetObjectCommand({ Bucket: offsite.bucket, Key: `${offsite.prefix}${list}` }));
    for (const key of (await object.Body!.transformToString()).split('\n')) named.add(`${key}${SUFFIX}`);
  }
  const folder = `${offsite.prefix}${FILES_FOLDER}/`;
  await remove(
    offsite,
    (await listNames(offsite, folder)).filter((name) => !named.has(name)).map((name) => `${folder}${name}`),
  );
  return removed;
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
      await fetchFiles(client, bucket, name, d, file);
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

/**
 * The files the fetched backup lists, each fetched and decrypted into the folder beside it (as
 * files/backup.ts keeps them), its content checked against its name.
 */
async function fetchFiles(client: S3Client, bucket: string, name: string, d: Decrypter, file: string) {
  const base = name.slice(0, -SUFFIX.length);
  let keys: string[];
  try {
    const list = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${base}${LIST_SUFFIX}` }));
    keys = (await list.Body!.transformToString()).split('\n').filter(Boolean);
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return; // a backup made before, or without files
    throw err;
  }
  fs.writeFileSync(`${file}${LIST_SUFFIX}`, keys.join('\n'));
  const copies = diskStore(path.join(path.dirname(file), FILES_FOLDER));
  const folder = `${base.slice(0, base.lastIndexOf('/') + 1)}${FILES_FOLDER}/`;
  for (const key of keys) {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${folder}${key}${SUFFIX}` }));
    const plain = await d.decrypt(await object.Body!.transformToByteArray());
    if ((await copies.put(plain)) !== key) throw new OffsiteError(`Le fichier ${key} de la sauvegarde hors site est altéré.`);
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
