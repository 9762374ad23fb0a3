// node scripts/test-durations.mjs REPORT.json... : writes tests/durations.json, each test file's
// duration in seconds as a clean CI run measured it (its JSON reports, .tmp/ci*.json). The test
// sequencer (tests/support/sequencer.ts) starts the longest files first: in a clean clone vitest
// has no timings of its own and would start the largest files first, leaving short files that
// take long (a browser walk of every screen) to run alone at the end.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const durations = {};
for (const report of process.argv.slice(2)) {
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  for (const file of testResults) {
    const name = path.relative(root, file.name).replace(/^.*?(tests\/)/, '$1');
    const seconds = Math.round((file.endTime - file.startTime) / 100) / 10;
    durations[name] = Math.max(durations[name] ?? 0, seconds);
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(root, 'tests/durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(sorted).length} files`);
