import fs from 'node:fs';
import path from 'node:path';

/** The mails written to DATA_DIR/outbox, decoded (quoted-printable), oldest first. */
export function readOutbox(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** Waits for a mail beyond the first `count`, and returns its reset link and token. */
export async function nextResetLink(dataDir: string, count: number) {
  for (let i = 0; i < 300 && readOutbox(dataDir).length <= count; i++) await new Promise((r) => setTimeout(r, 50));
  const mail = readOutbox(dataDir)[count];
  const match = mail && /(https?:\/\/\S+reset-password\?token=([\w-]+))/.exec(mail);
  if (!match)
    throw new Error(
      `No reset mail in the outbox (${readOutbox(dataDir).length} mails, expected more than ${count}): ${mail?.slice(0, 800)}`,
    );
  return { mail, link: match[1]!, token: match[2]! };
}
