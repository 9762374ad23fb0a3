import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { MailDocuments, MailEffect } from './outbox';
import { reveal, unseal } from './sealed';
import { type Mail, sendMail } from './mail';
import { type Claimed, type Deliver, DeliveryError } from './outbox-worker';

/** What went wrong with the mail server, in French for the owner, and whether a later attempt may succeed. */
export function mailError(err: unknown): DeliveryError {
  const e = (err ?? {}) as { code?: string; responseCode?: number; response?: string; message?: string };
  const said = (e.response ?? e.message ?? '').slice(0, 300);
  if (e.code === 'EAUTH') return new DeliveryError(`Le serveur d’e-mail refuse l’identifiant ou le mot de passe de SMTP_URL (${said}).`);
  if (e.responseCode && e.responseCode >= 500)
    return new DeliveryError(
      `Le serveur d’e-mail a refusé définitivement ce message (${said}). Vérifiez l’adresse, puis « Réessayer ».`,
      'fail',
    );
  if (e.responseCode)
    return new DeliveryError(`Le serveur d’e-mail a refusé le message pour le moment (${said}) ; nouvel essai automatique.`);
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === 'EDNS')
    return new DeliveryError(`Serveur d’e-mail injoignable (${e.code}) ; nouvel essai automatique.`);
  if (e.code === 'ETIMEDOUT') return new DeliveryError('Le serveur d’e-mail ne répond pas (délai dépassé) ; nouvel essai automatique.');
  return new DeliveryError(`Envoi de l’e-mail impossible (${e.code ?? said}) ; nouvel essai automatique.`);
}

export const mailDelivery =
  (db: DB, config: Config, documents: Partial<MailDocuments> = {}): Deliver =>
  async (row) => {
    const { sealed, attach, ...mail } = row.payload as Mail & { sealed?: string; attach?: MailEffect['attach'] };
    if (sealed) {
      const secret = await unseal(db, sealed);
      Object.assign(mail, { text: reveal(mail.text, secret), html: mail.html && reveal(mail.html, secret) });
    }
    if (attach) {
      const content = (await documents[attach.document]?.(attach.id)) ?? null;
      // Deleted since it was queued: what it told of is no longer the shop's to send.
      if (!content) throw new DeliveryError(`Le document joint (${attach.filename}) n’existe plus : message abandonné.`, 'fail');
      mail.attachment = { filename: attach.filename, content };
    }
    await deliverMail(config, mail, row);
  };

/** Hands a mail to the mail server, its refusal said as the "Envois" say it. */
export async function deliverMail(config: Config, mail: Mail, row: Claimed) {
  try {
    await sendMail(config, mail, row);
  } catch (err) {
    throw mailError(err);
  }
}
