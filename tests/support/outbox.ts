import fs from 'node:fs';
import path from 'node:path';

/** The mails written to DATA_DIR/outbox, decoded (quoted-printable, then UTF-8), oldest first. */
export function readOutbox(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) =>
      Buffer.from(
        fs
          .readFileSync(path.join(dir, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

const RESET = /(https?:\/\/\S+reset-password\?token=([\w-]+))/;

/**
 * Waits for a reset mail beyond the first `count` mails, and returns it with its link and token.
 * Other mails (the owner's alerts about orders and messages) may arrive in between: they are skipped.
 */
export async function nextResetLink(dataDir: string, count: number) {
  const find = () =>
    readOutbox(dataDir)
      .slice(count)
      .find((mail) => RESET.test(mail));
  for (let i = 0; i < 300 && !find(); i++) await new Promise((r) => setTimeout(r, 50));
  const mail = find();
  const match = mail && RESET.exec(mail);
  if (!mail || !match) throw new Error(`No reset mail in the outbox after the first ${count} (${readOutbox(dataDir).length} mails)`);
  return { mail, link: match[1]!, token: match[2]! };
}
