// npm test: builds the front ends if their sources changed, runs the unit, API and browser tests
// (`api` and `e2e` side by side), then the load tests alone on the machine, so their latency
// figures are the server's and not a neighbouring test's. Arguments go to every run; a JSON
// report file given as --outputFile.json=X.json is written as X.json and X.load.json.
//
// With TEST_POSTGRES_URL (a PostgreSQL server where the user may create databases), the API suite
// also runs there, in one worker beside the PGlite run, and the load tests then run on both
// databases, one after the other. On the 2-core CI machine this took 54 s less than the three runs
// one after the other (1074 → 1020 s): each test is slower beside the other run, but one start-up
// and the uneven end of a run are saved.
// Its reports are X.postgres.json and X.postgres.load.json, its output .tmp/test-postgres.log,
// printed when it ends.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const run = (args, env = {}) =>
  spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
/** A run whose output goes to a file, printed once it is over. */
const runAside = (args, env, log) =>
  new Promise((resolve) => {
    fs.mkdirSync(path.dirname(log), { recursive: true });
    const out = fs.openSync(log, 'w');
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
    child.on('exit', (code) => {
      fs.closeSync(out);
      process.stdout.write(`\n--- ${path.relative(root, log)}\n${fs.readFileSync(log, 'utf8')}`);
      resolve(code ?? 1);
    });
  });
const report = (args, suffix) => args.map((a) => (a.startsWith('--outputFile.json=') ? a.replace(/\.json$/, `${suffix}.json`) : a));
const vitestRun = (projects, args) => [vitest, 'run', '--passWithNoTests', ...projects.flatMap((p) => ['--project', p]), ...args];

const built = run(['scripts/build-if-stale.mjs']);
if (built !== 0) process.exit(built);
const args = process.argv.slice(2);
const postgres = process.env.TEST_POSTGRES_URL;
const onPostgres = { TEST_DATABASE_URL: postgres, TEST_WORKERS: '1' };

const status = [];
if (!postgres) {
  status.push(run(vitestRun(['unit', 'api', 'e2e'], args)));
} else {
  const aside = runAside(vitestRun(['api'], report(args, '.postgres')), onPostgres, path.join(root, '.tmp/test-postgres.log'));
  status.push(run(vitestRun(['unit', 'api', 'e2e'], args)));
  status.push(await aside);
}
status.push(run(vitestRun(['load'], report(args, '.load'))));
if (postgres) status.push(run(vitestRun(['load'], report(args, '.postgres.load')), { TEST_DATABASE_URL: postgres }));
process.exit(status.find((s) => s !== 0) ?? 0);
