// npm run check: the quick loop after an edit. Formatting and lint of the files changed since the
// last commit (or since a ref: `npm run check -- main`), the types (incremental), the folder
// rules, the build the API tests read (the compiled server's commands, the storefront's pages:
// rebuilt only when their sources changed), then the unit and API tests of what changed:
// - a test file changed runs itself;
// - a source file runs the tests named after it or that name it (`purchases.ts`: tests/api/purchases.test.ts
//   and every test that imports `…/purchases` or says `purchases`);
// - a resource declaration (`shared/src/resources/<name>.resource.ts`) also runs the generated
//   suites of that resource only: its contract and its access walk, by role (CHECK_RESOURCES);
// - a change to the tests' support, the build or the dependencies runs every unit and API test.
// Browser tests, and the whole suite, are `npm test`'s.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ref = process.argv[2] ?? 'HEAD';
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', '--diff-filter=ACMR', ref), ...git('ls-files', '--others', '--exclude-standard')]),
];
const code = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
const bin = (name) => path.join(root, 'node_modules', ...name.split('/'));
const vitest = (...args) => [bin('vitest/vitest.mjs'), 'run', '--project', 'unit', '--project', 'api', '--passWithNoTests', ...args];

/** A source file's name as tests say it: `purchase-orders.resource.ts` → purchase-orders, purchaseOrders. */
const namesOf = (file) => {
  const stem = path
    .basename(file)
    .replace(/\.(tsx?|m?js)$/, '')
    .replace(/\.(resource|router|test)$/, '');
  return [...new Set([stem, stem.replace(/-(\w)/g, (_, c) => c.toUpperCase())])];
};
// Too common to tell a test apart: each of these would pick most of the suite.
const VAGUE = new Set(['index', 'app', '_app', 'main', 'types', 'config', 'schema', 'trpc', 'labels', 'format', 'errors', 'fields']);
// The router's composition (extra procedures, reactions): every procedure's policy, walked.
const ALSO = { 'server/src/routers/_app.ts': ['tests/api/access.test.ts'] };
const everything = (f) =>
  f.startsWith('tests/support/') || /^(package(-lock)?\.json|vitest\.config\.ts|tsconfig.*\.json)$/.test(f) || f.startsWith('scripts/');

/** What to run: test files, and the resources whose generated suites run (null: everything). */
function selection() {
  if (code.some(everything) || changed.some(everything)) return null;
  const tests = git('ls-files', 'tests/unit', 'tests/api').filter((f) => /\.test\.tsx?$/.test(f));
  const text = new Map(tests.map((t) => [t, fs.readFileSync(path.join(root, t), 'utf8')]));
  const files = new Set();
  const resources = [];
  for (const file of code) {
    if (/^tests\/(unit|api)\/.*\.test\.tsx?$/.test(file)) {
      files.add(file);
      continue;
    }
    if (file.startsWith('tests/')) continue;
    for (const test of ALSO[file] ?? []) files.add(test);
    const names = namesOf(file).filter((n) => n.length > 3 && !VAGUE.has(n));
    if (/^shared\/src\/resources\/[\w-]+\.resource\.ts$/.test(file)) resources.push(names.at(-1));
    for (const test of tests) {
      const said = text.get(test);
      if (names.some((n) => path.basename(test).startsWith(`${n}.`) || said.includes(`/${n}'`) || new RegExp(`\\b${n}\\b`).test(said)))
        files.add(test);
    }
  }
  return { files: [...files], resources };
}

const steps = [
  ['prettier', changed.length && [bin('prettier/bin/prettier.cjs'), '--check', '--cache', '--ignore-unknown', ...changed]],
  ['eslint', code.length && [bin('eslint/bin/eslint.js'), '--cache', '--cache-location', '.tmp/eslintcache', ...code]],
  ['types', [bin('typescript7/bin/tsc'), '--build']],
  ['imports', ['scripts/check-imports.mjs']],
  ['build', ['scripts/build-if-stale.mjs', '--api']],
];
const chosen = selection();
// The generated suites (contract, access walk) run for the declarations changed only: they read CHECK_RESOURCES.
const generated = chosen?.resources.length ? ['tests/api/contract.test.ts', 'tests/api/access.test.ts'] : [];
if (!chosen) steps.push(['tests (tous : support, outillage ou dépendances modifiés)', vitest()]);
else if (chosen.files.length || generated.length)
  steps.push([
    `tests liés (${chosen.files.length} fichiers${generated.length ? ` ; suites générées de ${chosen.resources.join(', ')}` : ''})`,
    vitest(...new Set([...chosen.files, ...generated])),
    { CHECK_RESOURCES: chosen.resources.join(',') },
  ]);
console.log(`${changed.length} fichier(s) modifié(s) depuis ${ref}`);
if (chosen && !chosen.files.length && !chosen.resources.length) console.log('Aucun test lié à ces fichiers : `npm test` lance tout.');
for (const [name, args, env = {}] of steps) {
  if (!args) continue;
  const start = Date.now();
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`--- ${name} : ${((Date.now() - start) / 1000).toFixed(1)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
