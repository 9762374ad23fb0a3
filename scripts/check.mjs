// npm run check: the quick loop after an edit. Formatting and lint of the files changed since the
// last commit (or since a ref: `npm run check -- main`), the types (incremental), the folder
// rules, the build the API tests read (the compiled server's commands, the storefront's pages:
// rebuilt only when their sources changed), then the unit and API tests that import a changed
// file (vitest --changed). Browser tests are left to `npm test`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ref = process.argv[2] ?? 'HEAD';
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', '--diff-filter=ACMR', ref), ...git('ls-files', '--others', '--exclude-standard')]),
];
const code = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
const bin = (name) => path.join(root, 'node_modules', ...name.split('/'));

const steps = [
  ['prettier', changed.length && [bin('prettier/bin/prettier.cjs'), '--check', '--cache', '--ignore-unknown', ...changed]],
  ['eslint', code.length && [bin('eslint/bin/eslint.js'), '--cache', '--cache-location', '.tmp/eslintcache', ...code]],
  ['types', [bin('typescript7/bin/tsc'), '--build']],
  ['imports', ['scripts/check-imports.mjs']],
  ['build', ['scripts/build-if-stale.mjs']],
  ['tests', [bin('vitest/vitest.mjs'), 'run', '--project', 'unit', '--project', 'api', '--changed', ref, '--passWithNoTests']],
];
console.log(`${changed.length} fichier(s) modifié(s) depuis ${ref}`);
for (const [name, args] of steps) {
  if (!args) continue;
  const start = Date.now();
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  console.log(`--- ${name} : ${((Date.now() - start) / 1000).toFixed(1)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
