// Compiles the server to JavaScript once, so production starts without transpiling TypeScript:
// server/dist/bin/main.js (the app, with the workspace's own packages bundled in; npm packages stay
// in node_modules) and server/dist/migrations/*.js (loaded by name at start-up).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'server/dist');
fs.rmSync(out, { recursive: true, force: true });

const workspace = {
  name: 'workspace-packages',
  setup(b) {
    // @app/* are TypeScript sources: bundle them; every other bare import is an npm package.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  // The server, and the owner's commands (npm run doctor, backup, restore, admin:create), which start
  // in a fraction of a second this way instead of seconds through tsx, and run as they are in the
  // production image (docker-compose.yml's backup service).
  entryPoints: {
    main: path.join(root, 'server/src/main.ts'),
    'doctor-cli': path.join(root, 'server/src/ops/doctor-cli.ts'),
    'backup-cli': path.join(root, 'server/src/db/backup-cli.ts'),
    'create-admin-cli': path.join(root, 'server/src/auth/create-admin-cli.ts'),
    // Started by the server as a worker thread (orders/documents.ts), beside main.js.
    'receipt-worker': path.join(root, 'server/src/orders/receipt-worker.ts'),
  },
  // Three levels under the repository root, like server/src/<dir>/<file>.ts: paths built from
  // import.meta.url (the built apps, migrations) resolve the same way.
  outdir: path.join(out, 'bin'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [workspace],
  sourcemap: true,
  logLevel: 'warning',
});

const migrations = fs.readdirSync(path.join(root, 'migrations')).filter((f) => f.endsWith('.ts'));
await build({
  entryPoints: migrations.map((f) => path.join(root, 'migrations', f)),
  outdir: path.join(out, 'migrations'),
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
console.log(`Serveur compilé : server/dist/bin/main.js, ${migrations.length} migrations`);
