import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends through SMTP_URL when set. Otherwise the message is written to
 * DATA_DIR/outbox as an .eml file, so the flows work on a fresh machine and in tests.
 */
export async function sendMail(config: Config, mail: Mail): Promise<{ file?: string }> {
  const message = { from: config.mailFrom, ...mail };
  if (config.smtpUrl) {
    await nodemailer.createTransport(config.smtpUrl).sendMail(message);
    return {};
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message);
  const outbox = path.join(config.dataDir, 'outbox');
  await fs.mkdir(outbox, { recursive: true });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
  // Written aside then renamed: whoever reads the outbox never sees half a message.
  await fs.writeFile(`${file}.tmp`, built.message as Buffer);
  await fs.rename(`${file}.tmp`, file);
  return { file };
}
