// When a build is older than its sources (scripts/build-if-stale.mjs). Only files count: a build
// adds its own directories (dist/, dist-server/) beside the sources, which changes the parent
// directory's time without changing any source.
import fs from 'node:fs';
import path from 'node:path';

const SKIPPED = new Set(['node_modules', 'dist', 'dist-server']);

/** The newest modification time of the files under `dir` (0 when it does not exist). */
export function newestSource(dir) {
  if (!fs.existsSync(dir)) return 0;
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return max;
}

/** Whether `output` is missing or older than a file under one of `sources`. */
export function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const builtAt = fs.statSync(output).mtimeMs;
  return sources.some((dir) => newestSource(dir) >= builtAt);
}
