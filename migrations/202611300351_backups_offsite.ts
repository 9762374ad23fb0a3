import { type Kysely, sql } from 'kysely';

// Issue 61: a backup run records the key of its encrypted copy on the offsite storage (db/offsite.ts);
// a run whose local backup is good but whose offsite copy failed keeps both its file and its error.
// Frozen once landed: change it in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE backups ADD COLUMN offsite text CHECK (char_length(offsite) <= 1024);
ALTER TABLE backups DROP CONSTRAINT backups_check;
ALTER TABLE backups ADD CONSTRAINT backups_file_or_error CHECK (file IS NOT NULL OR error IS NOT NULL);`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE backups DROP CONSTRAINT IF EXISTS backups_file_or_error;
ALTER TABLE backups ADD CONSTRAINT backups_check CHECK ((file IS NOT NULL) <> (error IS NOT NULL)) NOT VALID;
ALTER TABLE backups DROP COLUMN IF EXISTS offsite;`,
    )
    .execute(db);
}
