import { execFileSync } from 'node:child_process';
import jsQR from 'jsqr';
import sharp from 'sharp';

/** A PDF's text, as pdftotext (poppler) reads it. */
export const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();

/** The text of the QR code printed on a PDF's first page: rendered by pdftoppm, read by jsQR. */
export async function pdfQrCode(pdf: Buffer): Promise<string | null> {
  const png = execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', '-'], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}
