import { type Kysely, sql } from 'kysely';

// Issue 60: the books' accounts in Paramètres (SYSCOHADA révisé defaults), written by
// `npm run migration:new settings account…` from the declaration (shared/src/resources/books.ts). Frozen once landed:
// change the schema in a new file.

const statements = `
ALTER TABLE settings ADD COLUMN account_cash text NOT NULL DEFAULT '571' CHECK (char_length(account_cash) <= 8);
ALTER TABLE settings ADD COLUMN account_mobile_money text NOT NULL DEFAULT '552' CHECK (char_length(account_mobile_money) <= 8);
ALTER TABLE settings ADD COLUMN account_bank text NOT NULL DEFAULT '521' CHECK (char_length(account_bank) <= 8);
ALTER TABLE settings ADD COLUMN account_customers text NOT NULL DEFAULT '411' CHECK (char_length(account_customers) <= 8);
ALTER TABLE settings ADD COLUMN account_customer_credit text NOT NULL DEFAULT '4191' CHECK (char_length(account_customer_credit) <= 8);
ALTER TABLE settings ADD COLUMN account_goods text NOT NULL DEFAULT '701' CHECK (char_length(account_goods) <= 8);
ALTER TABLE settings ADD COLUMN account_services text NOT NULL DEFAULT '706' CHECK (char_length(account_services) <= 8);
ALTER TABLE settings ADD COLUMN account_delivery text NOT NULL DEFAULT '7071' CHECK (char_length(account_delivery) <= 8);
ALTER TABLE settings ADD COLUMN account_vat text NOT NULL DEFAULT '4431' CHECK (char_length(account_vat) <= 8);
ALTER TABLE settings ADD COLUMN account_discounts text NOT NULL DEFAULT '709' CHECK (char_length(account_discounts) <= 8);
ALTER TABLE settings ADD COLUMN sales_journal text NOT NULL DEFAULT 'VT' CHECK (char_length(sales_journal) <= 6);
ALTER TABLE settings ADD COLUMN journal_grouping text NOT NULL DEFAULT 'day' CHECK (journal_grouping IN ('day', 'sale'));
ALTER TABLE settings ADD COLUMN discount_presentation text NOT NULL DEFAULT 'net' CHECK (discount_presentation IN ('net', 'gross'));
`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(statements).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      'ALTER TABLE settings DROP COLUMN IF EXISTS account_cash; ALTER TABLE settings DROP COLUMN IF EXISTS account_mobile_money; ALTER TABLE settings DROP COLUMN IF EXISTS account_bank; ALTER TABLE settings DROP COLUMN IF EXISTS account_customers; ALTER TABLE settings DROP COLUMN IF EXISTS account_customer_credit; ALTER TABLE settings DROP COLUMN IF EXISTS account_goods; ALTER TABLE settings DROP COLUMN IF EXISTS account_services; ALTER TABLE settings DROP COLUMN IF EXISTS account_delivery; ALTER TABLE settings DROP COLUMN IF EXISTS account_vat; ALTER TABLE settings DROP COLUMN IF EXISTS account_discounts; ALTER TABLE settings DROP COLUMN IF EXISTS sales_journal; ALTER TABLE settings DROP COLUMN IF EXISTS journal_grouping; ALTER TABLE settings DROP COLUMN IF EXISTS discount_presentation;',
    )
    .execute(db);
}
