// Builds the storefront and the admin when their sources are newer than their build, and the
// compiled server when the server, shared code or a migration changed (npm start, npm test).
// With --server, only the compiled server (the owner's commands: npm run doctor, admin:create...).
// With --api (npm run check), the admin is built only when it has never been: the API tests read
// its page, never its latest screens.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);
// Vite's report (a few hundred lines) goes to a file: the console keeps what the person starting
// the shop reads (its addresses, the first password). Shown whole when a build fails.
for (const app of process.argv.includes('--server') ? [] : ['storefront', 'admin']) {
  if (!isStale(at(app, 'dist/index.html'), [at('shared/src'), at(app)])) continue;
  if (app === 'admin' && process.argv.includes('--api') && fs.existsSync(at(app, 'dist/index.html'))) continue;
  const log = at('.tmp', `build-${app}.log`);
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const started = Date.now();
  process.stdout.write(`Construction de ${app}... `);
  try {
    execSync(`npm run build -w ${app} > "${log}" 2>&1 && node scripts/compress-dist.mjs ${app}/dist >> "${log}" 2>&1`, { cwd: root });
  } catch (error) {
    console.log('échec :');
    console.error(fs.readFileSync(log, 'utf8'));
    throw error;
  }
  console.log(`faite (${Math.round((Date.now() - started) / 1000)} s, détails dans ${path.relative(root, log)})`);
}

if (isStale(at('server/dist/bin/main.js'), [at('shared/src'), at('server/src'), at('migrations')])) {
  console.log('Compilation du serveur...');
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });
}
