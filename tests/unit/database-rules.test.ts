import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_RULES } from '../../server/src/db/rules';

// A rule the database applies has one source, server/src/db/rules.ts: no migration written since
// may define one of its functions again (it would be the rule in force until the next start, and
// the next reader would not know which copy counts).
const folder = path.resolve(import.meta.dirname, '../../migrations');
const RULES_SINCE = '202611300305';

describe('the database rules', () => {
  it('are defined in server/src/db/rules.ts only, not in migrations written since', () => {
    const later = fs.readdirSync(folder).filter((file) => file.slice(0, 12) > RULES_SINCE);
    const copies = later.flatMap((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      return DATABASE_RULES.filter((rule) => new RegExp(`FUNCTION\\s+${rule.name}\\b`, 'i').test(text)).map(
        (rule) => `${file}: ${rule.name}`,
      );
    });
    expect(copies).toEqual([]);
  });

  it('each have a body and say what they compute again when changed', () => {
    expect(DATABASE_RULES.map((rule) => rule.name)).toContain('refresh_customers');
    for (const rule of DATABASE_RULES) {
      expect(rule.signature.startsWith(`${rule.name}(`), rule.name).toBe(true);
      expect(rule.body.trim().length, rule.name).toBeGreaterThan(0);
    }
  });
});
