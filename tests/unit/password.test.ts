import bcrypt from 'bcrypt';
import { describe, expect, it } from 'vitest';
import { BCRYPT_COST, DUMMY_HASH, hashPassword } from '../../server/src/auth/password';

describe('the stand-in hash for an unknown e-mail', () => {
  it('costs what a real admin hash costs, so both sign-in answers take as long', async () => {
    // Written by hand: it must follow BCRYPT_COST when that changes, or an unknown e-mail would be
    // answered faster (or slower) than a wrong password.
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(BCRYPT_COST);
    expect(bcrypt.getRounds(await hashPassword('une phrase de passe'))).toBe(BCRYPT_COST);
  });
});
