import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
  html?: string | undefined;
  listUnsubscribe?: string | undefined;
  attachment?: { filename: string; content: Buffer } | undefined;
}

export const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const linked = (line: string) =>
  escape(line).replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)»]/g, (url) => `<a href="${url}" style="color:#1d4ed8">${url}</a>`);

/**
 * The HTML part every mail carries beside its text: the same words, in French, a paragraph per
 * block of lines, its addresses as links; readable by a screen reader and by a mail app that shows
 * only HTML. No image, no tracking.
 */
export function mailHtml(mail: Pick<Mail, 'subject' | 'text'>): string {
  const paragraphs = mail.text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map(linked).join('<br>'))
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 16px">${p}</p>`)
    .join('\n');
  return mailShell(mail.subject, paragraphs);
}

/** A mail's HTML page around its content: French, readable on a phone, no image nor tracking of its own. */
export function mailShell(subject: string, inner: string) {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div role="article" aria-label="${escape(subject)}" style="max-width:600px;margin:0 auto">
${inner}
</div>
</body>
</html>`;
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
  const message = {
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? mailHtml(mail),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    // A letter: the mail app's own "Se désabonner", in one click (RFC 2369 and 8058).
    ...(mail.listUnsubscribe
      ? {
          list: { unsubscribe: mail.listUnsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
    ...(mail.attachment ? { attachments: [{ ...mail.attachment, contentType: 'application/pdf' }] } : {}),
    messageId: `<${origin.id}@${new URL(config.publicUrl).hostname}>`,
  };
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
