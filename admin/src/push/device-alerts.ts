import type { AlertKind } from '@app/shared/alerts';
import { trpc } from '../providers/trpc';
import { deviceParts } from '@app/shared/format';

// This device's alerts (Web Push): the browser's subscription, mirrored on the server with the
// owner's choice of alerts. The server's list is the truth: a device it dropped (410, signed out) is
// unsubscribed here too.

const SCOPE = '/admin/';

export type AlertsState =
  | { status: 'unsupported' }
  | { status: 'blocked' }
  | { status: 'off' }
  | { status: 'on'; device: string; kinds: AlertKind[]; endpoint: string };

export const alertsSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration() {
  const existing = await navigator.serviceWorker.getRegistration(SCOPE);
  if (existing?.active) return existing;
  await navigator.serviceWorker.register(`${SCOPE}sw.js`, { scope: SCOPE });
  return navigator.serviceWorker.ready;
}

const currentSubscription = async () => (await navigator.serviceWorker.getRegistration(SCOPE))?.pushManager.getSubscription() ?? null;

/** A name for this device the owner recognises in the "Envois" ("Android · Chrome"). */
export function deviceName(): string {
  const { system, browser } = deviceParts(navigator.userAgent);
  return `${system ?? 'Appareil'} · ${browser ?? 'navigateur'}`;
}

/** Where this device stands; a subscription the server no longer has is dropped. */
export async function alertsState(): Promise<AlertsState> {
  if (!alertsSupported()) return { status: 'unsupported' };
  if (Notification.permission === 'denied') return { status: 'blocked' };
  const subscription = await currentSubscription();
  if (!subscription) return { status: 'off' };
  const known = await trpc.devices.mine.query({ endpoint: subscription.endpoint });
  if (!known) {
    await subscription.unsubscribe().catch(() => false);
    return { status: 'off' };
  }
  return { status: 'on', device: known.device, kinds: known.kinds, endpoint: subscription.endpoint };
}

function keysOf(subscription: PushSubscription) {
  const json = subscription.toJSON() as { endpoint: string; keys?: { p256dh?: string; auth?: string } };
  return { endpoint: json.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Asks the browser's permission (once), subscribes, and tells the server which alerts to send here. */
export const NO_PUSH_SERVICE =
  'Cet appareil n’a pas pu s’abonner au service de notification de son navigateur (absent, comme sur un Android sans les services Google, ou injoignable). Réessayez plus tard ou depuis un autre navigateur ; les alertes par e-mail continuent d’arriver.';

export async function enableAlerts(device: string, kinds: AlertKind[]) {
  if (!alertsSupported()) throw new Error('Ce navigateur ne peut pas recevoir d’alertes.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error('Les notifications sont refusées pour ce site : autorisez-les dans les réglages du navigateur, puis réessayez.');
  const reg = await registration();
  const { publicKey } = await trpc.devices.vapidKey.query();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }).catch((error: unknown) => {
      // The browser's own words ("Registration failed - permission denied"): a phone without a
      // push service (Android without Google's services, a headless browser), or one unreachable.
      throw new Error(NO_PUSH_SERVICE, { cause: error });
    }));
  await trpc.devices.save.mutate({ ...keysOf(subscription), device, kinds });
}

export async function disableAlerts() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await trpc.devices.remove.mutate({ endpoint: subscription.endpoint });
  await subscription.unsubscribe().catch(() => false);
}

export async function sendTestAlert(endpoint: string) {
  return trpc.devices.test.mutate({ endpoint });
}

/**
 * At each start of the admin: a device that receives alerts is saved again, so that it belongs to
 * this session (signing out here stops it). Quiet: alerts are never a reason for an error on screen.
 */
export async function refreshAlertsDevice() {
  if (!alertsSupported() || Notification.permission !== 'granted') return;
  const state = await alertsState().catch(() => null);
  const subscription = state?.status === 'on' ? await currentSubscription() : null;
  if (state?.status !== 'on' || !subscription) return;
  await trpc.devices.save.mutate({ ...keysOf(subscription), device: state.device, kinds: state.kinds }).catch(() => undefined);
}

/** At sign-out: the server removed this device with the session; the browser forgets its subscription. */
export async function forgetAlertsSubscription() {
  if (!alertsSupported()) return;
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
