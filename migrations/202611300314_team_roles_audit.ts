import { type Kysely, sql } from 'kysely';

// A team instead of one administrator: each account has a role (the existing ones become
// Propriétaire), a person is invited by a single-use link, each session remembers its device, and
// every admin write goes to the audit log (its table written by `npm run migration:new auditLog`).
// Review it; once landed it is frozen: change the schema in a new file.

const statements = `
ALTER TABLE admins ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'manager', 'seller', 'courier'));
ALTER TABLE admins ALTER COLUMN role DROP DEFAULT;
ALTER TABLE admins ADD COLUMN phone text CHECK (char_length(phone) <= 30);
ALTER TABLE sessions ADD COLUMN user_agent text CHECK (char_length(user_agent) <= 300);
ALTER TABLE sessions ADD COLUMN ip text CHECK (char_length(ip) <= 64);

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL CHECK (email = lower(email) AND char_length(email) <= 320),
  display_name text NOT NULL CHECK (char_length(display_name) <= 100),
  phone text CHECK (char_length(phone) <= 30),
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'seller', 'courier')),
  invited_by text NOT NULL CHECK (char_length(invited_by) <= 320),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_created_at ON invitations (created_at DESC);

CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor text NOT NULL CHECK (char_length(actor) <= 320),
  role text CHECK (role IN ('owner', 'manager', 'seller', 'courier')),
  action text NOT NULL CHECK (char_length(action) <= 200),
  record text CHECK (char_length(record) <= 300),
  changes text CHECK (char_length(changes) <= 4000),
  before jsonb,
  after jsonb,
  device text CHECK (char_length(device) <= 300),
  ip text CHECK (char_length(ip) <= 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_at ON audit_log (created_at DESC, id);
CREATE INDEX audit_log_actor_search ON audit_log USING gin (f_unaccent(lower(actor)) gin_trgm_ops);
CREATE INDEX audit_log_action_search ON audit_log USING gin (f_unaccent(lower(action)) gin_trgm_ops);
CREATE INDEX audit_log_record_search ON audit_log USING gin (f_unaccent(lower(record)) gin_trgm_ops);
CREATE INDEX audit_log_changes_search ON audit_log USING gin (f_unaccent(lower(changes)) gin_trgm_ops);
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `DROP TABLE IF EXISTS audit_log; DROP TABLE IF EXISTS invitations;
       ALTER TABLE sessions DROP COLUMN IF EXISTS ip, DROP COLUMN IF EXISTS user_agent;
       ALTER TABLE admins DROP COLUMN IF EXISTS phone, DROP COLUMN IF EXISTS role;`,
    )
    .execute(db);
}
