import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// ZXing's reader from the installed package's own .wasm (never fetched from a CDN).
const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: fs.readFileSync(wasm).buffer as ArrayBuffer } });

/** The barcodes printed on a PDF's pages, read as a scanner would from the page rendered at 200 dpi: [format, text]. */
export async function pdfBarcodes(pdf: Buffer): Promise<[string, string][]> {
  const found: [string, string][] = [];
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())?.[1] ?? 1);
  for (let page = 1; page <= pages; page++) {
    const png = execFileSync('pdftoppm', ['-png', '-r', '200', '-f', String(page), '-l', String(page), '-singlefile', '-'], {
      input: pdf,
      maxBuffer: 64 * 1024 * 1024,
    });
    // Five scan lines must agree on a linear code (two by default): at 200 dpi each bar is tall, and a
    // misread EAN-13 whose check digit happened to hold was seen once in CI with two.
    for (const r of await readBarcodes(new Uint8Array(png), { minLineCount: 5 })) found.push([r.format, r.text]);
  }
  return found;
}
