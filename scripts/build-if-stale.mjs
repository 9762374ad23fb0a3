// Builds the storefront and the admin when their sources are newer than their build.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  if (!fs.existsSync(dir)) return 0;
  let max = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return max;
};
const shared = newest(path.join(root, 'shared/src'));
for (const app of ['storefront', 'admin']) {
  const built = path.join(root, app, 'dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt > Math.max(shared, newest(path.join(root, app)))) continue;
  console.log(`Construction de ${app}...`);
  execSync(`npm run build -w ${app}`, { cwd: root, stdio: 'inherit' });
  execSync(`node scripts/compress-dist.mjs ${app}/dist`, { cwd: root, stdio: 'inherit' });
}

// The compiled server (npm start runs it): stale when the server, shared code or a migration changed.
const bundle = path.join(root, 'server/dist/bin/main.js');
const bundledAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
if (bundledAt <= Math.max(shared, newest(path.join(root, 'server/src')), newest(path.join(root, 'migrations')))) {
  console.log('Compilation du serveur...');
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });
}
