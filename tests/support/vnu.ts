import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * What the Nu Html Checker (the W3C's validator, npm vnu-jar, on the system's Java) says is wrong
 * with each page: its errors, by page name. One Java start checks them all.
 *
 * Two messages are the checker's gaps, not the page's: its CSS parser predates `@property` (CSS
 * Properties and Values, in every browser since 2024) and `margin-trim`, both in Tailwind's styles
 * (the second inside the `@supports` test that serves browsers without `@property`). Only those
 * two exact messages are set aside; any other CSS error counts.
 */
export const CHECKER_GAPS = [/^CSS: Unrecognized at-rule “@property”\.?$/, /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/];

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

export type HtmlError = { page: string; line: number; message: string; extract: string };

export async function htmlErrors(pages: Record<string, string>): Promise<HtmlError[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  try {
    const names = Object.keys(pages);
    const files = names.map((name, i) => {
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, pages[name]!);
      return file;
    });
    // The checker exits 1 when it found errors: its report is still on stderr.
    const { stderr } = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string; stdout?: string }) => {
      if (!error.stderr?.startsWith('{')) throw error;
      return { stderr: error.stderr };
    });
    const report = JSON.parse(stderr) as {
      messages: { type: string; url: string; lastLine?: number; message: string; extract?: string }[];
    };
    return report.messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .filter((m) => !CHECKER_GAPS.some((gap) => gap.test(m.message)))
      .map((m) => ({
        page: names[Number(/page-(\d+)\.html$/.exec(m.url)?.[1] ?? -1)] ?? m.url,
        line: m.lastLine ?? 0,
        message: m.message,
        extract: (m.extract ?? '').slice(0, 160),
      }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
