import { type Kysely, sql } from 'kysely';

// Written by `npm run migration:new settings openingHours` from the resource's declaration. Review it; once landed it is frozen:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN opening_hours jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(opening_hours) = 'array');
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE settings DROP COLUMN IF EXISTS opening_hours;').execute(db);
}
