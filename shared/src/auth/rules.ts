/** Password length rules, without zod: the admin's sign-in pages import only these. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
