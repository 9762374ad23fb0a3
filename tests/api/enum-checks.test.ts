import { defineResource, f, outbox, outboxChannels, resources } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEnumChecks } from '../../server/src/db/rules';
import { createTestDb } from '../support/db';

// An enum field's values are its declaration's: a value added there (a new outbox channel, a new
// order status) is allowed by the database from the next start, with no migration to write.
let shop: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  shop = await createTestDb();
});
afterAll(() => shop?.drop());

const insertChannel = (channel: string) =>
  sql`INSERT INTO outbox (channel, recipient, subject, payload, next_attempt_at)
      VALUES (${channel}, 'x', 'x', '{"to":"x","subject":"x","text":"x"}'::jsonb, now() + interval '1 day')`.execute(shop.db);

describe('enum CHECKs', () => {
  it('hold exactly the declared values on a migrated shop', async () => {
    expect(await applyEnumChecks(shop.db)).toEqual([]);
    await expect(insertChannel('sms')).rejects.toThrow(/check/i);
  });

  it('take a value added to a declaration at the next start, and still refuse any other', async () => {
    const grown = defineResource({
      ...outbox,
      fields: { ...outbox.fields, channel: f.enum('Canal', { ...outboxChannels, sms: 'SMS' }, { readOnly: true }) },
    });
    const registry = resources.map((r) => (r.name === 'outbox' ? grown : r));
    expect(await applyEnumChecks(shop.db, registry)).toEqual(['outbox.channel']);
    await insertChannel('sms');
    await expect(insertChannel('pigeon')).rejects.toThrow(/check/i);
    expect(await applyEnumChecks(shop.db, registry)).toEqual([]);
    // Withdrawn again: new rows are refused, the one written meanwhile stays.
    expect(await applyEnumChecks(shop.db)).toEqual(['outbox.channel']);
    await expect(insertChannel('sms')).rejects.toThrow(/check/i);
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM outbox WHERE channel = 'sms'`.execute(shop.db);
    expect(rows[0]!.n).toBe('1');
  });
});
