import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The outbox row a mail comes from: its Message-ID, so a copy sent twice is one message to the reader. */
export interface MailOrigin {
  id: string;
}

// Well under the outbox's lease: a stuck server fails the attempt before another server may take it
// over. Given in the URL (nodemailer reads options from its query), unless SMTP_URL sets them.
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 20_000 };
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, ms] of Object.entries(TIMEOUTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  return url.toString();
}

/**
 * Sends through SMTP_URL when set. Otherwise the message is written to
 * DATA_DIR/outbox as an .eml file, so the flows work on a fresh machine and in tests.
 */
export async function sendMail(config: Config, mail: Mail, origin: MailOrigin): Promise<{ file?: string }> {
  const message = { from: config.mailFrom, ...mail, messageId: `<${origin.id}@${new URL(config.publicUrl).hostname}>` };
  if (config.smtpUrl) {
    await nodemailer.createTransport(withTimeouts(config.smtpUrl)).sendMail(message);
    return {};
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message);
  const outbox = path.join(config.dataDir, 'outbox');
  await fs.mkdir(outbox, { recursive: true });
  // Named by the time it left (oldest first) and its outbox row: written twice, it is still one file.
  const mine = (await fs.readdir(outbox)).find((name) => name.endsWith(`-${origin.id}.eml`));
  const file = path.join(outbox, mine ?? `${new Date().toISOString().replace(/[:.]/g, '-')}-${origin.id}.eml`);
  // Written aside then renamed: whoever reads the outbox never sees half a message.
  await fs.writeFile(`${file}.tmp`, built.message as Buffer);
  await fs.rename(`${file}.tmp`, file);
  return { file };
}
