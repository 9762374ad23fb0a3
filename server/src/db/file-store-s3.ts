import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { s3Client, storageError } from './s3';
import { type FileStore, KEY, keyOf } from './file-store';

/** A bucket (any S3-compatible storage), under a prefix. */
export function s3Store(bucket: string, prefix: string, env: NodeJS.ProcessEnv): FileStore {
  const client = s3Client(env);
  const target = { bucket, variable: 'FILES_URL' };
  const objectKey = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Nom de fichier invalide : ${key}`);
    return `${prefix}${key}`;
  };
  const said = <T>(work: Promise<T>) =>
    work.catch((err: unknown) => {
      throw storageError(err, target);
    });
  return {
    where: `s3://${bucket}/${prefix}`,
    async put(bytes) {
      const key = keyOf(bytes);
      await said(client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes })));
      return key;
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw storageError(err, target);
      }
    },
    async writtenAt(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }))).LastModified ?? null;
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw storageError(err, target);
      }
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await said(client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })));
        for (const object of page.Contents ?? []) {
          const key = object.Key!.slice(prefix.length);
          if (KEY.test(key)) yield { key, writtenAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close: () => client.destroy(),
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000)
        await said(
          client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + 1000).map((k) => ({ Key: objectKey(k) })) } }),
          ),
        );
    },
  };
}
