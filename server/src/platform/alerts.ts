import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { sendMail } from './mail';

// The owner hears of what needs them (an order, a payment, a request, a message) through here.

/** The owner's alert address: Paramètres, or else the first admin's e-mail. */
async function ownerAddress(db: Kysely<Database>): Promise<string | null> {
  const settings = await db.selectFrom('settings').select('notificationEmail').executeTakeFirst();
  if (settings?.notificationEmail) return settings.notificationEmail;
  const admin = await db.selectFrom('admins').select('email').orderBy('createdAt').executeTakeFirst();
  return admin?.email ?? null;
}

/** `adminPath`: the screen to open, from `adminPath()` of the resource (e.g. /admin/orders/<id>). */
export async function alertOwner(db: Kysely<Database>, config: Config, mail: { subject: string; lines: string[]; adminPath: string }) {
  const to = await ownerAddress(db);
  if (!to) return;
  await sendMail(config, {
    to,
    subject: mail.subject,
    text: [...mail.lines, '', `Ouvrir dans l'administration : ${config.publicUrl}${mail.adminPath}`].join('\n'),
  });
}
