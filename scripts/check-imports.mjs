// npm run lint: the import graph's rules (.dependency-cruiser.cjs, checked by dependency-cruiser),
// and no loop between the server's folders (auth → orders → auth), which file-level cycle
// detection does not see.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cruise = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
    'server/src',
    'shared/src',
    'storefront/src',
    'admin/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (!cruise.stdout) {
  console.error(cruise.stderr);
  process.exit(1);
}
const result = JSON.parse(cruise.stdout);
const problems = result.summary.violations.map(
  (v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`,
);

const folderOf = (file) => file.match(/^server\/src\/([^/]+)\//)?.[1] ?? null;
const edges = new Map();
for (const module of result.modules) {
  const from = folderOf(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (to && to !== from) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
  }
}
// A folder that reaches itself through others is in a loop.
for (const start of edges.keys()) {
  const seen = new Set();
  const stack = [...edges.get(start)];
  while (stack.length) {
    const next = stack.pop();
    if (next === start) {
      problems.push(`folder loop: server/src/${start}/ imports, through others, from itself`);
      break;
    }
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(edges.get(next) ?? []));
  }
}

if (problems.length) {
  console.error(`Import rules broken (see .dependency-cruiser.cjs):\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Import rules kept: ${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} imports, no folder loop.`,
);
