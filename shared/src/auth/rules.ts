/** Password rules, without zod: the auth router (through passwordSchema) and the admin's password forms share them. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

// Long passwords that still top the leaked-password lists; shorter ones fail the length rule anyway.
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '111111111111',
  '000000000000',
  'password1234',
  'password12345',
  'motdepasse123',
  'motdepasse1234',
  'azertyuiop12',
  'azertyuiop123',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwertyuiopasdf',
  'azertyuiopqsd',
  'iloveyou1234',
  'administrator',
  'administrateur',
  'admin1234567',
  'admin12345678',
  'welcome12345',
  'bienvenue1234',
  'abcdefghijkl',
  'abc123abc123',
  'passwordpassword',
  'motdepassemotdepasse',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'qwerty123456',
  'azerty123456',
  'aaaaaaaaaaaa',
  'letmein12345',
  'changeme1234',
  'benin1234567',
  'cotonou12345',
]);

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  return COMMON.has(p) || /^(.)\1+$/.test(p) || /^(0123456789|1234567890)+\d*$/.test(p);
}

/** Rules for a new admin password: length only, plus a refusal of the most common ones. */
export function passwordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères.`;
  if (password.length > PASSWORD_MAX) return `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères.`;
  if (isCommonPassword(password)) return 'Ce mot de passe est trop courant : choisissez-en un autre, par exemple une phrase.';
  return undefined;
}
