// npm start: build what is not built, then serve (PGlite in ./data unless DATABASE_URL is set).
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
execSync('node scripts/build-if-stale.mjs', { cwd: root, stdio: 'inherit' });
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
