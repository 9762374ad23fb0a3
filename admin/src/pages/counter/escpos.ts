import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { RouterOutputs } from '../../providers/trpc';

export type TicketModel = RouterOutputs['orders']['ticket'];

/** Characters per line of the common thermal printers' font A. */
const COLUMNS = { mm80: 48, mm58: 32 } as const;

/** The printers' code pages have no narrow spaces nor typographic signs: their plain twins. */
const plain = (text: string) =>
  text
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/[’‘]/g, "'")
    .replace(/−/g, '-');

/**
 * The ticket in ESC/POS (or the printer's language), from the same lines as the PDF ticket:
 * the shop, the lines, the total, the payment and the invoice's security elements and QR code.
 * `pulse` opens the cash drawer wired to the printer (a sale with cash).
 */
export function encodeTicket(
  model: TicketModel,
  printer: { language?: string; codepageMapping?: string; columns?: number } = {},
  { pulse = false } = {},
): Uint8Array {
  const columns = printer.columns ?? COLUMNS[model.width];
  const e = new ReceiptPrinterEncoder({
    language: (printer.language ?? 'esc-pos') as 'esc-pos',
    columns,
    ...(printer.codepageMapping ? { codepageMapping: printer.codepageMapping as 'epson' } : {}),
  });
  const pair = (label: string, amount: string) => {
    const [l, a] = [plain(label), plain(amount)];
    if (l.length + a.length + 1 <= columns) e.line(`${l}${' '.repeat(columns - l.length - a.length)}${a}`);
    else e.line(l).align('right').line(a).align('left');
  };
  e.initialize().codepage('auto').align('center').bold(true).line(plain(model.shop.name)).bold(false);
  for (const line of model.shop.details) e.line(plain(line));
  e.newline().bold(true).line(plain(model.title.toUpperCase())).bold(false);
  for (const line of model.meta) e.line(plain(line));
  e.align('left').rule();
  for (const line of model.lines) {
    e.line(plain(line.name));
    pair(`  ${line.detail}`, line.amount);
    if (line.note) e.line(plain(`  ${line.note}`));
  }
  e.rule();
  for (const [label, amount] of model.sums) pair(label, amount);
  e.bold(true);
  pair('TOTAL', model.total);
  e.bold(false);
  for (const [label, amount] of model.payment) pair(label, amount);
  if (model.security) {
    e.rule().align('center').bold(true).line(plain('Éléments de sécurité')).bold(false);
    for (const line of model.security.lines) for (const part of line.split('\n')) e.line(plain(part));
    e.qrcode(model.security.qr, { model: 2, size: 6, errorlevel: 'm' });
  } else if (model.notice) e.rule().align('center').line(plain(model.notice));
  e.rule().align('center').line(plain(model.footer)).newline(3).cut();
  if (pulse) e.pulse();
  return e.encode();
}
