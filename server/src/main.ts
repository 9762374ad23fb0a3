import './env-file';
import fs from 'node:fs';
import path from 'node:path';
import { ensureFirstAdmin } from './auth/admins';
import { pidFile } from './db/backup';
import { ConfigError, loadConfig, proxyListenCheck } from './config';
import { createDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { buildApp, paths } from './http/app';
import { filesOf } from './db/files';
import { convertDemoPhotos } from './media/demo-photos';
import { diagnose, formatFindings } from './ops/doctor';
import { seedIfEmpty } from './seed/seed';

// In production, the doctor's checks first (npm run doctor): a fatal finding stops the start here,
// said in French with its fix, rather than when a shopper or the owner trips on it.
if (process.env.NODE_ENV === 'production') {
  const findings = await diagnose(process.env, { checkMigrations: false, smtpTimeoutMs: 3_000 });
  const problems = formatFindings(findings, { onlyProblems: true });
  if (problems) console.error(problems);
  if (findings.some((f) => f.severity === 'fatal')) {
    console.error('\nLa boutique ne démarre pas : réglez ce qui est marqué ✗ (npm run doctor vérifie sans démarrer).');
    process.exit(1);
  }
}
const proxy = proxyListenCheck(process.env);
if (proxy.fatal) {
  console.error(proxy.fatal);
  process.exit(1);
}
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`✗ ${err.message}${err.fix ? `\n    → ${err.fix}` : ''}`);
    process.exit(1);
  }
})();
const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

await migrateToLatest(db).catch((err: unknown) => {
  // Said in French with the migration's name; a supervisor restarting the shop shows it each time.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
await seedIfEmpty(db, { demo: config.seedDemo }).catch((err: unknown) => {
  // A database that looks half-restored: said plainly, and nothing written to it.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
const firstAdmin = await ensureFirstAdmin(db, config);

const app = await buildApp({ db, config });
// PGlite is one process's: the pid tells `npm run backup` that the directory is in use.
if (!config.databaseUrl) {
  fs.writeFileSync(pidFile(config.dataDir), String(process.pid));
  process.on('exit', () => fs.rmSync(pidFile(config.dataDir), { force: true }));
}
await app.listen({ port: config.port, host: config.host });
if (proxy.warning) app.log.warn(proxy.warning);
// Plain lines for the person who started the shop (the log stays JSON), the first password last.
console.log(
  [
    '',
    `  Boutique : ${config.publicUrl}/`,
    `  Administration : ${config.publicUrl}/admin`,
    `  Base : ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`,
  ].join('\n'),
);
if (firstAdmin?.generatedPassword) {
  const { email, generatedPassword } = firstAdmin;
  console.log(
    [
      '',
      `  Premier administrateur créé : ${email}`,
      `  Mot de passe (affiché une seule fois) : ${generatedPassword}`,
      `  Changez-le dans l’administration (Mon compte), ou : ${
        config.databaseUrl ? '' : 'boutique arrêtée, '
      }npm run admin:create -- --email ${email}`,
      '',
    ].join('\n'),
  );
}

// The demo's SVG illustrations become photos (srcset, previews) while the shop already answers.
if (config.demoPhotos) {
  void convertDemoPhotos(db, {
    demoDir: path.join(paths.media, 'demo'),
    files: filesOf(config),
    invalidate: app.publicCache.invalidate,
    log: app.log,
  })
    .then((changed) => changed && app.log.info(`Photos de démonstration prêtes (${changed} fiches)`))
    .catch((err: unknown) => app.log.warn({ err }, 'photos de démonstration : conversion interrompue, reprise au prochain démarrage'));
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} reçu : arrêt en cours`);
    // Requests in flight get 10 s to finish; a stuck client does not keep the process alive.
    setTimeout(() => process.exit(1), 10_000).unref();
    // Stop accepting requests, let the ones in flight finish, then close the database.
    await app.close();
    await db.destroy();
    process.exit(0);
  });
}
