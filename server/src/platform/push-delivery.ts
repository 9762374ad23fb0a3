import webpush from 'web-push';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { PushEffect } from './outbox';
import { type Deliver, DeliveryError } from './outbox-worker';
import { serverSecret } from './secrets';

/**
 * The VAPID key pair that signs every notification: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or made
 * at first need and kept in the database, so every app server signs with the same one.
 */
export async function vapidKeys(db: DB, config: Config): Promise<{ publicKey: string; privateKey: string }> {
  if (config.vapid) return config.vapid;
  const pair = await serverSecret(db, 'vapid', () => {
    const keys = webpush.generateVAPIDKeys();
    return `${keys.publicKey}.${keys.privateKey}`;
  });
  const [publicKey = '', privateKey = ''] = pair.split('.');
  return { publicKey, privateKey };
}

/** Who runs the shop, for the push services (an https: address or a mailto:, as RFC 8292 asks). */
const vapidSubject = (config: Config) =>
  config.publicUrl.startsWith('https://') ? config.publicUrl : `mailto:${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom}`;

/** The payload the admin's service worker shows (admin/src/sw.ts). */
export interface PushMessage {
  title: string;
  body: string;
  path: string;
  tag: string;
}

/**
 * Why the server will not call this subscription's address, or null: https to a browser's push
 * service only (config.pushServiceHosts), never an address of the server's own network.
 */
export function pushEndpointRefusal(endpoint: string, config: Config): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Adresse d’abonnement invalide.';
  }
  const host = url.hostname.toLowerCase();
  const known = config.pushServiceHosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (url.protocol !== 'https:' || !known || url.username || url.password)
    return 'Adresse d’abonnement refusée : seuls les services de notification des navigateurs (https) sont acceptés.';
  return null;
}

export const pushDelivery =
  (db: DB, config: Config): Deliver =>
  async (row) => {
    const push = row.payload as Omit<PushEffect, 'device'>;
    const subscription = await db.selectFrom('pushSubscriptions').selectAll().where('id', '=', push.subscriptionId).executeTakeFirst();
    if (!subscription) throw new DeliveryError('Cet appareil ne reçoit plus les alertes (retiré entre-temps).', 'drop');
    const refused = pushEndpointRefusal(subscription.endpoint, config);
    if (refused) {
      await db.deleteFrom('pushSubscriptions').where('id', '=', subscription.id).execute();
      throw new DeliveryError(`${refused} L’appareil a été retiré.`, 'drop');
    }
    const message: PushMessage = { title: push.title, body: push.body, path: push.path, tag: push.tag };
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: vapidSubject(config), ...(await vapidKeys(db, config)) },
          // Kept a day by the push service for a phone that is off; sent again after a crash, the
          // same topic replaces the first copy still waiting there.
          TTL: 24 * 3600,
          topic: row.id.replaceAll('-', ''),
          urgency: 'high',
          timeout: 15_000,
        },
      );
    } catch (err) {
      if (err instanceof webpush.WebPushError) {
        if (err.statusCode === 404 || err.statusCode === 410) {
          await db.deleteFrom('pushSubscriptions').where('id', '=', subscription.id).execute();
          throw new DeliveryError(`Le service de notification ne connaît plus cet appareil (${err.statusCode}) : il a été retiré.`, 'drop');
        }
        throw new DeliveryError(`Le service de notification a répondu ${err.statusCode} ; nouvel essai automatique.`);
      }
      throw new DeliveryError(
        `Service de notification injoignable (${(err as { code?: string }).code ?? String(err)}) ; nouvel essai automatique.`,
      );
    }
    await db.updateTable('pushSubscriptions').set({ lastSentAt: new Date().toISOString() }).where('id', '=', subscription.id).execute();
  };
