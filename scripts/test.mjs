// npm test: builds the front ends if their sources changed, runs the unit, API and browser tests
// (`api` and `e2e` side by side), then the load tests alone on the machine, so their latency
// figures are the server's and not a neighbouring test's. Arguments go to both runs; a JSON
// report file given as --outputFile.json=X.json is written as X.json and X.load.json.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const built = run(['scripts/build-if-stale.mjs']);
if (built !== 0) process.exit(built);
const args = process.argv.slice(2);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const main = run([vitest, 'run', '--passWithNoTests', '--project', 'api', '--project', 'e2e', ...args]);
const load = run([
  vitest,
  'run',
  '--passWithNoTests',
  '--project',
  'load',
  ...args.map((a) => (a.startsWith('--outputFile.json=') ? a.replace(/\.json$/, '.load.json') : a)),
]);
process.exit(main || load);
