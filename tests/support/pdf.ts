import { execFileSync } from 'node:child_process';
import jsQR from 'jsqr';
import sharp from 'sharp';

/** A PDF's text, as pdftotext (poppler) reads it; `layout`: lines kept as printed (a label beside its amount). */
export const pdfText = (pdf: Buffer, { layout = false } = {}) =>
  execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-', '-'], { input: pdf }).toString();

/** The text of the QR code printed on a PDF's first page: rendered by pdftoppm (at `dpi`: more for a small code), read by jsQR. */
export async function pdfQrCode(pdf: Buffer, { dpi = 150 } = {}): Promise<string | null> {
  const png = execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-'], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

/** The first page's size in points, as pdfinfo (poppler) reads it. */
export function pageSize(pdf: Buffer) {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
  return { width: Number(width), height: Number(height) };
}
