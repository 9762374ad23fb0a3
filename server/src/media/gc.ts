import { type AnyResource, resources } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

const MEDIA_ID = '/media/([0-9a-f]{32})/';

/** Every column that can hold a photo's address: image fields, image lists and rich text. */
function referencingColumns(registry: readonly AnyResource[]) {
  return registry.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, field]) => field.kind === 'image' || field.kind === 'imageList' || field.kind === 'html')
      .map(([key]) => ({ table: resource.name, column: key })),
  );
}

/**
 * Deletes uploaded photos that no record uses, once they are a day old (a photo uploaded to a
 * form not yet saved is kept meanwhile). Idempotent: several servers may run it at once.
 */
export async function purgeUnusedMedia(db: Kysely<Database>, registry: readonly AnyResource[] = resources) {
  const columns = referencingColumns(registry);
  const used = columns.length
    ? sql.join(
        columns.map(
          ({ table, column }) => sql`SELECT (regexp_matches(${sql.ref(column)}::text, ${MEDIA_ID}, 'g'))[1] AS id FROM ${sql.table(table)}`,
        ),
        sql` UNION `,
      )
    : sql`SELECT NULL::text AS id`;
  const result = await sql`
    DELETE FROM media
    WHERE created_at < now() - interval '1 day'
      AND id NOT IN (SELECT id FROM (${used}) AS used WHERE id IS NOT NULL)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
