// npm start: build what is not built, then serve (PGlite in ./data unless DATABASE_URL is set).
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
execSync('node scripts/build-if-stale.mjs', { cwd: root, stdio: 'inherit' });
// Compiled JavaScript: no TypeScript is transpiled at start-up (npm run dev keeps tsx and reloads).
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/bin/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
