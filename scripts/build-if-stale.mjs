// Builds the storefront and the admin when their sources are newer than their build, and the
// compiled server when the server, shared code or a migration changed (npm start, npm test).
// With --server, only the compiled server (the owner's commands: npm run doctor, admin:create...).
import { execSync } from 'node:child_process';
import path from 'node:path';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);
for (const app of process.argv.includes('--server') ? [] : ['storefront', 'admin']) {
  if (!isStale(at(app, 'dist/index.html'), [at('shared/src'), at(app)])) continue;
  console.log(`Construction de ${app}...`);
  execSync(`npm run build -w ${app}`, { cwd: root, stdio: 'inherit' });
  execSync(`node scripts/compress-dist.mjs ${app}/dist`, { cwd: root, stdio: 'inherit' });
}

if (isStale(at('server/dist/bin/main.js'), [at('shared/src'), at('server/src'), at('migrations')])) {
  console.log('Compilation du serveur...');
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });
}
