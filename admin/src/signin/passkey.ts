import { trpc } from '../providers/trpc';

type PasskeyResponse = Parameters<typeof trpc.auth.passkeyLogin.mutate>[0]['response'];

// Passkeys in the browser, through @simplewebauthn/browser, loaded only when someone uses one: the
// sign-in page stays light for everyone else.

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** A French word for what the browser refused (the person closed the prompt, no key for this site…). */
export function passkeyFailure(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'Opération annulée ou délai dépassé : aucune clé d’accès n’a été utilisée. Réessayez, ou utilisez votre mot de passe.';
  if (name === 'InvalidStateError') return 'Cet appareil a déjà une clé d’accès pour ce compte.';
  if (name === 'SecurityError') return 'Les clés d’accès ne fonctionnent qu’à l’adresse officielle de la boutique, en HTTPS.';
  return (error as Error | null)?.message || 'La clé d’accès n’a pas pu être utilisée.';
}

/** Signs in with a passkey this phone keeps for the shop; resolves once the session is open. */
export async function signInWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  // The server's JSON is the same WebAuthn JSON as the browser library's, typed by another package.
  const optionsJSON = (await trpc.auth.passkeyOptions.mutate()) as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const response = await startAuthentication({ optionsJSON });
  return trpc.auth.passkeyLogin.mutate({ response: response as unknown as PasskeyResponse });
}

/** Makes a passkey on this device for the signed-in person. */
export async function addPasskey() {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = (await trpc.auth.passkeyRegistrationOptions.mutate()) as unknown as Parameters<
    typeof startRegistration
  >[0]['optionsJSON'];
  const response = await startRegistration({ optionsJSON });
  return trpc.auth.addPasskey.mutate({ response: response as unknown as PasskeyResponse });
}
