import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { deviceName } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a person adds one from their account and
 * signs in with it, the password staying as a fallback. The shop is the relying party named by its
 * public address (PUBLIC_URL): a key made for another site is refused. Challenges live in the
 * database, so any server may receive the answer, and each is used once within five minutes.
 */

const CHALLENGE_MINUTES = 5;
export const PASSKEYS_PER_ADMIN = 10;
export const PASSKEY_REFUSED =
  'Cette clé d’accès n’a pas pu être vérifiée pour cette boutique (clé d’un autre site, supprimée, ou demande expirée). Réessayez, ou connectez-vous avec votre mot de passe.';

/** The shop as a relying party: its domain and its origin, from its public address. */
export function relyingParty(config: Config) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

async function keepChallenge(db: DB, challenge: string, kind: 'register' | 'sign-in', adminId: string | null) {
  await db
    .deleteFrom('webauthnChallenges')
    .where('expiresAt', '<', sql<string>`now()`)
    .execute();
  await db
    .insertInto('webauthnChallenges')
    .values({ challenge, kind, adminId, expiresAt: sql<string>`now() + make_interval(mins => ${CHALLENGE_MINUTES})` })
    .execute();
}

/** True once for a challenge this server gave out for this ceremony (and person), still fresh; then it is gone. */
const consumer = (db: DB, kind: 'register' | 'sign-in', adminId: string | null) => async (challenge: string) => {
  let query = db
    .deleteFrom('webauthnChallenges')
    .where('challenge', '=', challenge)
    .where('kind', '=', kind)
    .where('expiresAt', '>', sql<string>`now()`);
  query = adminId ? query.where('adminId', '=', adminId) : query.where('adminId', 'is', null);
  return (await query.executeTakeFirst()).numDeletedRows > 0n;
};

const refused = (cause?: unknown): never => {
  throw new TRPCError({ code: 'UNAUTHORIZED', message: PASSKEY_REFUSED, cause });
};

export async function registrationOptions(db: DB, config: Config, admin: { id: string; email: string; displayName: string }) {
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('adminId', '=', admin.id).execute();
  if (existing.length >= PASSKEYS_PER_ADMIN)
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${PASSKEYS_PER_ADMIN} clés d’accès au plus : supprimez-en une d’abord.` });
  const shop = await db.selectFrom('settings').select('businessName').executeTakeFirst();
  const options = await generateRegistrationOptions({
    rpName: shop?.businessName ?? 'Boutique',
    rpID: relyingParty(config).rpID,
    userName: admin.email,
    userDisplayName: admin.displayName,
    userID: new TextEncoder().encode(admin.id),
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // Kept on the phone and found without typing the e-mail; the phone's lock (fingerprint, code) when it has one.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', admin.id);
  return options;
}

export async function registerPasskey(db: DB, config: Config, adminId: string, response: RegistrationResponseJSON, userAgent?: string) {
  const { rpID, origin } = relyingParty(config);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: consumer(db, 'register', adminId),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(refused);
  if (!verification.verified) return refused();
  const { credential } = verification.registrationInfo;
  // Two keys from the same kind of phone are told apart: « Chrome sur Android (2) ».
  const base = (deviceName(userAgent) ?? 'Clé d’accès').slice(0, 90);
  const taken = new Set((await db.selectFrom('passkeys').select('name').where('adminId', '=', adminId).execute()).map((p) => p.name));
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
  await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      adminId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { id: credential.id, name };
}

export async function signInOptions(db: DB, config: Config) {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(config).rpID, userVerification: 'preferred' });
  await keepChallenge(db, options.challenge, 'sign-in', null);
  return options;
}

/** The person whose passkey signed this challenge, or a French 401. */
export async function verifyPasskey(db: DB, config: Config, response: AuthenticationResponseJSON) {
  const passkey = await db
    .selectFrom('passkeys')
    .innerJoin('admins', 'admins.id', 'passkeys.adminId')
    .select(['passkeys.id', 'passkeys.publicKey', 'passkeys.counter', 'passkeys.transports', 'admins.id as adminId'])
    .where('passkeys.id', '=', String(response.id).slice(0, 1400))
    .executeTakeFirst();
  if (!passkey) return refused();
  const { rpID, origin } = relyingParty(config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: consumer(db, 'sign-in', null),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(refused);
  if (!verification.verified) return refused();
  await db
    .updateTable('passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql<string>`now()` })
    .where('id', '=', passkey.id)
    .execute();
  return db.selectFrom('admins').selectAll().where('id', '=', passkey.adminId).executeTakeFirstOrThrow();
}
