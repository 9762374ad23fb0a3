import { ALERT_ROLES, type AlertKind, fillTemplate } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { enqueueMail, enqueuePush, enqueueWhatsApp } from '../platform/outbox';

// The owner hears of what needs them (an order, a payment, a request, a message) through here: by
// e-mail, and on each device that asked for this kind of alert. Written in the caller's transaction.

/** The owner's alert address: Paramètres, or else the first admin's e-mail. */
async function ownerAddress(db: Kysely<Database>): Promise<string | null> {
  const settings = await db.selectFrom('settings').select('notificationEmail').executeTakeFirst();
  if (settings?.notificationEmail) return settings.notificationEmail;
  const admin = await db.selectFrom('admins').select('email').orderBy('createdAt').executeTakeFirst();
  return admin?.email ?? null;
}

export interface Alert {
  kind: AlertKind;
  /** One person's alert (a courier's delivery): to their own devices and e-mail only. */
  to?: string;
  subject: string;
  lines: string[];
  /** The screen to open, from `adminPath()` of the resource (e.g. /admin/orders/<id>). */
  adminPath: string;
  /** Where the owner's "Répondre" goes: the visitor who wrote (a contact message with an e-mail). */
  replyTo?: string | undefined;
  /** false: on the devices only (a chat message is not worth an e-mail each). */
  email?: false;
  /** The notification's short text (the mail's first line by default), and what it replaces on the device. */
  push?: { title?: string; body?: string; tag?: string };
}

/** `db`: the transaction of the write the alert tells of. */
export async function alertOwner(db: Kysely<Database>, config: Config, alert: Alert) {
  const to = alert.to
    ? (await db.selectFrom('admins').select('email').where('id', '=', alert.to).executeTakeFirst())?.email
    : await ownerAddress(db);
  if (to && alert.email !== false) {
    await enqueueMail(db, {
      to,
      subject: alert.subject,
      text: [...alert.lines, '', `Ouvrir dans l'administration : ${config.publicUrl}${alert.adminPath}`].join('\n'),
      replyTo: alert.replyTo,
    });
  }
  // The devices that asked for this kind, of the people whose role may read it (a seller's phone
  // never shows a contact message, a courier's only his deliveries).
  let query = db
    .selectFrom('pushSubscriptions')
    .innerJoin('admins', 'admins.id', 'pushSubscriptions.adminId')
    .select(['pushSubscriptions.id', 'pushSubscriptions.device'])
    .where(sql<boolean>`kinds @> ${JSON.stringify([alert.kind])}::jsonb`)
    .where('admins.role', 'in', [...ALERT_ROLES[alert.kind]]);
  if (alert.to) query = query.where('admins.id', '=', alert.to);
  const devices = await query.execute();
  for (const device of devices) {
    await enqueuePush(db, {
      subscriptionId: device.id,
      device: device.device,
      title: alert.push?.title ?? alert.subject,
      body: alert.push?.body ?? alert.lines.filter(Boolean).slice(0, 3).join('\n'),
      path: alert.adminPath,
      tag: alert.push?.tag ?? alert.adminPath,
    });
  }
  // The owner's own WhatsApp (Paramètres), for the shop's alerts, not for one person's nor for chat messages.
  if (config.whatsapp && !alert.to && alert.email !== false) {
    const number = (await db.selectFrom('settings').select('alertWhatsapp').executeTakeFirst())?.alertWhatsapp;
    const values = [alert.subject, `${config.publicUrl}${alert.adminPath}`];
    if (number)
      await enqueueWhatsApp(db, {
        to: number,
        notice: true,
        template: 'alerte_boutique',
        values,
        text: fillTemplate('alerte_boutique', values),
      });
  }
}
