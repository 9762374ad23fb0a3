/** The shop owner every test app signs in as (tests/support/app.ts). */
export const ADMIN = { email: 'owner@example.com', password: 'un mot de passe solide' };
