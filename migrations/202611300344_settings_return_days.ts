import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new settings returnDays` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN return_days integer NOT NULL DEFAULT 0 CHECK (return_days >= 0 AND return_days <= 365);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE settings DROP COLUMN IF EXISTS return_days;').execute(db);
}
