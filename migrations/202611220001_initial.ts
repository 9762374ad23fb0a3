import { type Kysely, sql } from 'kysely';

// Constraints mirror the zod rules of shared/src/resources; the app validates first,
// the database is the last line. Frozen once landed: change the schema in a new file.

const timestamps = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;
const slug = (max = 120) => `slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= ${max})`;
const money = (col: string, nullable = false) => `${col} numeric(12,2) ${nullable ? '' : 'NOT NULL'} CHECK (${col} >= 0)`;
const oneOf = (col: string, values: string[]) => `CHECK (${col} IN (${values.map((v) => `'${v}'`).join(', ')}))`;
const list = (col: string) => `${col} jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(${col}) = 'array')`;
const trgm = (table: string, ...cols: string[]) =>
  cols.map((c) => `CREATE INDEX ${table}_${c}_trgm ON ${table} USING gin (${c} gin_trgm_ops);`).join('\n');

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 150),
  ${slug()},
  short_description text NOT NULL,
  description text NOT NULL,
  ${money('price')},
  ${money('compare_at_price', true)},
  category text NOT NULL ${oneOf('category', ['computers', 'phones', 'accessories', 'networking', 'audio', 'wallets'])},
  ${list('images')},
  stock integer CHECK (stock >= 0),
  featured boolean NOT NULL DEFAULT false,
  published boolean NOT NULL DEFAULT true,
  ${timestamps}
);
CREATE INDEX products_created_at ON products (created_at DESC, id);
CREATE INDEX products_public ON products (published, category, price);
${trgm('products', 'name', 'short_description')}

CREATE TABLE services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 150),
  ${slug()},
  short_description text NOT NULL,
  description text NOT NULL,
  ${money('price', true)},
  image text NOT NULL,
  ${list('features')},
  published boolean NOT NULL DEFAULT true,
  ${timestamps}
);

CREATE TABLE crypto_courses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 150),
  ${slug()},
  level text NOT NULL DEFAULT 'beginner' ${oneOf('level', ['beginner', 'intermediate', 'advanced'])},
  format text NOT NULL DEFAULT 'online' ${oneOf('format', ['online', 'onsite'])},
  duration text NOT NULL,
  ${money('price')},
  image text NOT NULL,
  ${list('syllabus')},
  description text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  ${timestamps}
);

CREATE TABLE blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  ${slug()},
  excerpt text NOT NULL,
  content text NOT NULL,
  image text,
  date date NOT NULL DEFAULT current_date,
  author text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  ${timestamps}
);
CREATE INDEX blog_posts_date ON blog_posts (published, date DESC, id);
${trgm('blog_posts', 'title', 'author')}

CREATE TABLE trending_cryptos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  symbol text NOT NULL CHECK (char_length(symbol) BETWEEN 1 AND 12),
  image text NOT NULL,
  affiliate_link text NOT NULL CHECK (affiliate_link ~* '^https?://'),
  description text NOT NULL,
  ${timestamps}
);

CREATE TABLE testimonials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  role text NOT NULL,
  content text NOT NULL,
  rating smallint NOT NULL DEFAULT 5 CHECK (rating BETWEEN 1 AND 5),
  image text,
  ${timestamps}
);

CREATE TABLE delivery_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL,
  ${money('price')},
  delivery_time text NOT NULL,
  icon text,
  ${list('features')},
  recommended boolean NOT NULL DEFAULT false,
  ${timestamps}
);

CREATE TABLE crypto_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  crypto_type text NOT NULL DEFAULT 'bitcoin' ${oneOf('crypto_type', ['bitcoin', 'ethereum', 'other'])},
  wallet_address text NOT NULL,
  verification_type text NOT NULL DEFAULT 'basic' ${oneOf('verification_type', ['basic', 'advanced'])},
  status text NOT NULL DEFAULT 'pending' ${oneOf('status', ['pending', 'completed', 'rejected'])},
  notes text,
  ${timestamps}
);
CREATE INDEX crypto_verifications_status ON crypto_verifications (status, created_at DESC);
CREATE INDEX crypto_verifications_created_at ON crypto_verifications (created_at DESC, id);
${trgm('crypto_verifications', 'name', 'email', 'phone')}

CREATE SEQUENCE order_number_seq;
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE DEFAULT ('CMD-' || lpad(nextval('order_number_seq')::text, 6, '0')),
  customer_name text NOT NULL,
  phone text NOT NULL,
  email text,
  city text NOT NULL,
  address text NOT NULL,
  note text,
  items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) > 0),
  delivery jsonb,
  ${money('subtotal')},
  ${money('delivery_cost')},
  ${money('total')},
  payment_method text NOT NULL ${oneOf('payment_method', ['cash_on_delivery', 'mobile_money_on_delivery'])},
  status text NOT NULL DEFAULT 'new' ${oneOf('status', ['new', 'confirmed', 'shipped', 'delivered', 'cancelled'])},
  idempotency_key text NOT NULL UNIQUE,
  ${timestamps},
  CHECK (total = subtotal + delivery_cost)
);
CREATE INDEX orders_status ON orders (status, created_at DESC);
CREATE INDEX orders_created_at ON orders (created_at DESC, id);
${trgm('orders', 'number', 'customer_name', 'phone')}

CREATE TABLE settings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
  business_name text NOT NULL,
  tagline text NOT NULL,
  phone text NOT NULL,
  whatsapp text NOT NULL,
  email text NOT NULL,
  address text NOT NULL,
  facebook text, instagram text, linkedin text, youtube text, tiktok text,
  ${timestamps}
);

CREATE TABLE newsletter_subscribers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email)),
  ${timestamps}
);
CREATE UNIQUE INDEX newsletter_subscribers_email ON newsletter_subscribers (lower(email));
CREATE INDEX newsletter_subscribers_created_at ON newsletter_subscribers (created_at DESC, id);
${trgm('newsletter_subscribers', 'email')}

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  contact text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  read boolean NOT NULL DEFAULT false,
  ${timestamps}
);
CREATE INDEX contact_messages_created_at ON contact_messages (read, created_at DESC);

CREATE TABLE admins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email)),
  password_hash text NOT NULL,
  display_name text NOT NULL DEFAULT 'Admin',
  ${timestamps}
);
CREATE UNIQUE INDEX admins_email ON admins (lower(email));

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_admin ON sessions (admin_id);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
DROP TABLE IF EXISTS sessions, admins, contact_messages, newsletter_subscribers, settings, orders,
  crypto_verifications, delivery_options, testimonials, trending_cryptos, blog_posts, crypto_courses, services, products;
DROP SEQUENCE IF EXISTS order_number_seq;
`,
    )
    .execute(db);
}
