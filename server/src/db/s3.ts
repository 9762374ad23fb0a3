import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';

// What offsite backups (db/offsite.ts) and a file store in a bucket (files/s3-store.ts) share: the
// S3 client of the standard AWS variables, and what the storage says, in French.

/** A refusal said in French, naming what to change. */
export class OffsiteError extends Error {}

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

/** What the storage said, in French, naming the variable to check. */
export function storageError(err: unknown, offsite: { bucket: string; variable?: string }): OffsiteError {
  const name = err instanceof S3ServiceException ? err.name : ((err as { code?: string; name?: string })?.code ?? (err as Error)?.name);
  const said = err instanceof Error ? err.message : String(err);
  const why: Record<string, string> = {
    InvalidAccessKeyId: 'le stockage ne connaît pas cette clé d’accès : vérifiez AWS_ACCESS_KEY_ID',
    SignatureDoesNotMatch: 'la clé secrète ne correspond pas : vérifiez AWS_SECRET_ACCESS_KEY',
    NoSuchBucket: `le seau « ${offsite.bucket} » n’existe pas : vérifiez ${offsite.variable ?? 'BACKUP_OFFSITE_URL'}`,
    AccessDenied: `le stockage refuse l’accès au seau « ${offsite.bucket} » : vérifiez les droits de la clé AWS_ACCESS_KEY_ID`,
    ECONNREFUSED: 'le stockage ne répond pas : vérifiez AWS_ENDPOINT_URL',
    ENOTFOUND: 'adresse du stockage introuvable : vérifiez AWS_ENDPOINT_URL',
    PermanentRedirect: 'le seau est dans une autre région : vérifiez AWS_REGION',
    AuthorizationHeaderMalformed: 'la région ne correspond pas : vérifiez AWS_REGION',
  };
  return new OffsiteError(
    `${offsite.variable === 'FILES_URL' ? 'Stockage des fichiers' : 'Stockage hors site'} : ${why[name ?? ''] ?? `refus (${name ?? 'erreur'} : ${said.slice(0, 200)})`}.`,
    {
      cause: err,
    },
  );
}
