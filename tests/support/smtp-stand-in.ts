import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  subject: string;
  /** The text part (the whole body of a message with one part). */
  text: string;
  /** The HTML part ('' without one). */
  html: string;
  /** The Reply-To header ('' without one). */
  replyTo: string;
  /** The message as it arrived, headers and every part. */
  raw: string;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

/**
 * A mail server on a random port that speaks SMTP (nodemailer's own smtp-server): it refuses every
 * message with a temporary error (451) while `refusing`, the addresses in `unknown` for good (550), and keeps what it accepts, decoded enough
 * to read the Message-ID, subject and body.
 */
export async function startSmtpStandIn() {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const state = { refusing: true };
  /** Addresses refused for good (550), as a mailbox that does not exist. */
  const unknown = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      refused++;
      callback(Object.assign(new Error('Mailbox service temporarily unavailable, try again later'), { responseCode: 451 }));
    },
    onRcptTo(address, _session, callback) {
      if (!unknown.has(address.address)) return callback();
      callback(Object.assign(new Error(`No such user here: ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
        const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head.replace(/\r?\n\s+/g, ' '))?.[1]?.trim() ?? '';
        const decoded = (part: string) =>
          Buffer.from(
            part.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8');
        // A text part and an HTML part (multipart/alternative): each read on its own.
        const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header('Content-Type'))?.[1];
        const parts = boundary ? body.join('\n\n').split(`--${boundary}`) : [];
        const part = (type: string) => {
          const found = parts.find((p) => new RegExp(`Content-Type: ${type}`, 'i').test(p.split(/\r?\n\r?\n/)[0] ?? ''));
          return found === undefined
            ? undefined
            : decoded(
                found
                  .split(/\r?\n\r?\n/)
                  .slice(1)
                  .join('\n\n')
                  .trimEnd(),
              );
        };
        received.push({
          messageId: header('Message-ID'),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(header('Subject')),
          text: boundary ? (part('text/plain') ?? '') : decoded(body.join('\n\n')),
          html: part('text/html') ?? '',
          replyTo: header('Reply-To'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusedCount: () => refused,
    accept() {
      state.refusing = false;
    },
    unknown,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
