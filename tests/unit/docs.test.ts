import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The documentation a newcomer reads: a short README, the chapters in docs/, and every path they
// name still there (a renamed file must not leave a stale pointer behind).
const root = path.resolve(import.meta.dirname, '../..');
const documents = ['README.md', 'CONTRIBUTING.md', ...fs.readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)];
const TOP = /^(shared|server|storefront|admin|migrations|deploy|tests|bench|scripts|docs|\.ci)\//;
const ROOT_FILES = /^(\.env\.example|Dockerfile|docker-compose\.yml|vitest\.config\.ts|package\.json|CONTRIBUTING\.md|README\.md)$/;

/** The repository paths a document names: in `code` or as a link, up to a placeholder (<name>, *). */
function namedPaths(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const inCode = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  const links = [...text.matchAll(/\]\(([^)\s#]+)\)/g)].map((m) =>
    path.relative(root, path.resolve(path.dirname(path.join(root, file)), m[1]!)),
  );
  return [...inCode, ...links]
    .map((p) => p.replace(/[.,:;)]+$/, '').split(/[<*{]/)[0]!)
    .filter((p) => (TOP.test(p) || ROOT_FILES.test(p)) && !/\/dist(-server)?(\/|$)/.test(p) && !/^https?:/.test(p));
}

describe('the documentation', () => {
  it('has a README of at most 150 lines, an architecture map and a contributing guide', () => {
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(150);
    for (const file of ['docs/architecture.md', 'CONTRIBUTING.md']) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it('maps every folder of the code in docs/architecture.md', () => {
    const map = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const folders = (dir: string): string[] =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => [`${dir}/${e.name}`, ...folders(`${dir}/${e.name}`)]);
    const code = ['server/src', 'admin/src', 'storefront/src', 'shared/src'].flatMap(folders);
    expect(code.length).toBeGreaterThan(50);
    expect(code.filter((folder) => !map.includes(`\`${folder}/\``))).toEqual([]);
  });

  it.each(documents)('%s names only paths that exist', (file) => {
    const named = namedPaths(file);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });
});
