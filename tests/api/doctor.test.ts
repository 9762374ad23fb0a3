import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, openPGlite } from '../../server/src/db/index';
import { type Finding, diagnose, formatFindings } from '../../server/src/ops/doctor';
import { seedIfEmpty } from '../../server/src/seed/seed';
import { createTestDb } from '../support/db';
import { startSmtpStandIn } from '../support/smtp-stand-in';

// npm run doctor, and the start of a production server: each incomplete configuration a new owner
// could write gets its French message and fix; the fatal ones stop the production start.

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let test: Awaited<ReturnType<typeof createTestDb>>;
const dataDir = path.resolve(`.tmp/doctor-${process.pid}`);
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  test = await createTestDb();
});
afterAll(async () => {
  await smtp?.close();
  await test?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A production shop as docs/deployment.md sets it up. */
const good = () => ({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://boutique.example.bj',
  SMTP_URL: smtp.url,
  TRUST_PROXY: '127.0.0.1',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...(test.url ? { DATABASE_URL: test.url } : {}),
});
const run = (env: Record<string, string | undefined>) => diagnose(env, { db: test.db, smtpTimeoutMs: 2_000 });
const withSeverity = (findings: Finding[], severity: Finding['severity']) => findings.filter((f) => f.severity === severity);

/** A local port nothing listens on. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run doctor', () => {
  it('finds nothing to fix in a complete production configuration, and says what it checked', async () => {
    const findings = await run(good());
    expect(withSeverity(findings, 'fatal')).toEqual([]);
    // PGlite in production is allowed, with a word about what it cannot do.
    expect(withSeverity(findings, 'warning').map((f) => f.message)).toEqual(
      test.url ? [] : [expect.stringMatching(/^Base PGlite intégrée en production/)],
    );
    const text = formatFindings(findings);
    expect(text).toContain('✓ Adresse publique : https://boutique.example.bj');
    expect(text).toContain(`✓ Serveur d’e-mail joignable : ${new URL(smtp.url).host}`);
    expect(text).toContain('✓ Base de données joignable');
    expect(text).toContain('✓ Schéma de la base à jour');
  });

  it.each([
    [
      'PUBLIC_URL in http',
      { PUBLIC_URL: 'http://boutique.example.bj' },
      /PUBLIC_URL est en http .*exigent HTTPS/,
      /PUBLIC_URL=https:\/\/boutique\.example\.bj/,
    ],
    ['no PUBLIC_URL', { PUBLIC_URL: undefined }, /PUBLIC_URL manque/, /PUBLIC_URL=https:/],
    ['no SMTP and no choice of the outbox', { SMTP_URL: undefined }, /Aucun serveur d’e-mail/, /MAIL_TO_FILES=true/],
    ['a FedaPay key without its webhook secret', { FEDAPAY_SECRET_KEY: 'sk_live_x' }, /sans FEDAPAY_WEBHOOK_SECRET/, /Webhooks/],
    ['half the e-MECeF pair', { EMECEF_TOKEN: 'jwt' }, /EMECEF_TOKEN et EMECEF_API_BASE vont ensemble/, /jeton/],
    ['TRUST_PROXY with the listen address left to its default', { HOST: undefined }, /HOST ne l’est pas/, undefined],
    // Said in the words the start uses (config.ts), not twice in two languages.
    ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, /TRUST_PROXY=true croirait n’importe quel client/, /TRUST_PROXY=127\.0\.0\.1/],
    [
      'a size that is not a number',
      { CACHE_MB: 'beaucoup' },
      /^CACHE_MB doit être un nombre entier positif \(« beaucoup »\)\.$/,
      /retirez-le/,
    ],
  ])('stops the start on %s, with the fix', async (_name, change, message, fix) => {
    const findings = await run({ ...good(), ...change });
    const [fatal, ...others] = withSeverity(findings, 'fatal');
    expect(others).toEqual([]);
    expect(fatal!.message).toMatch(message);
    if (fix) expect(fatal!.fix).toMatch(fix);
  });

  it('refuses a data directory it cannot write into', async () => {
    const file = path.join(dataDir, 'a-file');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, '');
    const [fatal] = withSeverity(await run({ ...good(), DATA_DIR: path.join(file, 'data') }), 'fatal');
    expect(fatal!.message).toMatch(/^Dossier de données .* n’est pas accessible en écriture \(ENOTDIR\)/);
    expect(fatal!.fix).toMatch(/chown/);
  });

  it('refuses a database that does not answer', async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/boutique`;
    const findings = await diagnose({ ...good(), DATABASE_URL: url }, { smtpTimeoutMs: 2_000 });
    const [fatal] = withSeverity(findings, 'fatal');
    expect(fatal!.message).toMatch(/^La base de données \(127\.0\.0\.1:\d+\) ne répond pas/);
    expect(fatal!.fix).toMatch(/DATABASE_URL/);
  });

  it('only warns where the shop still runs: mail server away, sandbox payments, backups unwritable, a wildcard address', async () => {
    const file = path.join(dataDir, 'not-a-dir');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, '');
    const findings = await run({
      ...good(),
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      FEDAPAY_SECRET_KEY: 'sk_sandbox_x',
      FEDAPAY_WEBHOOK_SECRET: 'wh_sandbox_x',
      BACKUP_DIR: path.join(file, 'backups'),
      HOST: '0.0.0.0',
    });
    expect(withSeverity(findings, 'fatal')).toEqual([]);
    const warnings = withSeverity(findings, 'warning').map((f) => f.message);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Le serveur d’e-mail 127\.0\.0\.1:\d+ ne répond pas .*réessayés/),
        expect.stringMatching(/^FedaPay est en mode sandbox/),
        expect.stringMatching(/^Dossier des sauvegardes .* n’est pas accessible en écriture/),
        expect.stringMatching(/^ATTENTION : TRUST_PROXY est défini et la boutique écoute sur 0\.0\.0\.0/),
      ]),
    );
  });

  it('accepts mail kept in files when the owner chose it, and warns when https runs without production', async () => {
    expect(withSeverity(await run({ ...good(), SMTP_URL: undefined, MAIL_TO_FILES: 'true' }), 'fatal')).toEqual([]);
    const [warned] = withSeverity(await run({ ...good(), NODE_ENV: undefined, TRUST_PROXY: undefined }), 'warning');
    expect(warned!.message).toMatch(/NODE_ENV n’est pas « production »/);
  });

  it('stops the start on a nearly full disk, and warns when room runs low', async () => {
    const MB = 1024 * 1024;
    const full = await diagnose(good(), { db: test.db, smtpTimeoutMs: 2_000, freeBytes: () => 50 * MB });
    expect(withSeverity(full, 'fatal').map((f) => f.message)).toEqual([
      expect.stringMatching(/^Disque presque plein sous .* : 0,0 Go libres\.$/),
    ]);
    const low = await diagnose(good(), { db: test.db, smtpTimeoutMs: 2_000, freeBytes: () => 600 * MB });
    expect(withSeverity(low, 'fatal')).toEqual([]);
    expect(withSeverity(low, 'warning').map((f) => f.message)).toContain(`Peu d’espace disque sous ${dataDir} : 0,6 Go libres.`);
  });

  it('says which of Paramètres still hold a new shop’s example values', async () => {
    const shop = await createTestDb();
    try {
      await seedIfEmpty(shop.db, { demo: false });
      await shop.db.updateTable('settings').set({ email: 'bonjour@boutique.bj' }).execute();
      const [left] = withSeverity(await diagnose(good(), { db: shop.db, smtpTimeoutMs: 2_000 }), 'warning').filter((f) =>
        f.message.startsWith('Paramètres à compléter'),
      );
      expect(left?.message).toMatch(
        /^Paramètres à compléter : Nom de l'entreprise, Slogan, Téléphone, Numéro WhatsApp, Adresse postale gardent/,
      );
      expect(left?.message).not.toContain('E-mail du support');
      expect(left?.fix).toBe('Dans l’administration : Paramètres.');
    } finally {
      await shop.drop();
    }
  });

  it('tells a new database from one with migrations waiting', async () => {
    const empty = createDb({ pglite: openPGlite('memory://') });
    try {
      await sql`select 1`.execute(empty); // started (a few seconds on a busy machine) before the 5 s check
      const findings = await diagnose(good(), { db: empty, smtpTimeoutMs: 2_000 });
      expect(formatFindings(findings)).toContain('✓ Base neuve : le schéma sera créé au premier démarrage');
    } finally {
      await empty.destroy();
    }
    // A database one migration behind the code (an upgrade not yet started).
    const behind = await createTestDb();
    try {
      const { rows } = await sql<{
        name: string;
      }>`DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration) RETURNING name`.execute(behind.db);
      const last = rows[0]!;
      const [waiting] = withSeverity(await diagnose(good(), { db: behind.db, smtpTimeoutMs: 2_000 }), 'warning').filter((f) =>
        f.message.includes('migration'),
      );
      expect(waiting).toMatchObject({ message: `1 migration(s) en attente (${last.name}).`, fix: expect.stringMatching(/au démarrage/) });
    } finally {
      await behind.drop();
    }
  });
});

describe('a production start', () => {
  it('refuses a fatal configuration, says what to fix, and never opens the shop', async () => {
    const { HOST: _host, ...rest } = process.env;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, ['server/dist/bin/main.js'], {
        env: { ...rest, ...good(), PUBLIC_URL: 'http://boutique.example.bj', DATABASE_URL: '', LOG_LEVEL: 'silent' },
        timeout: 30_000,
      });
      let stderr = '';
      child.stderr?.on('data', (c: string) => (stderr += c));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ PUBLIC_URL est en http');
    expect(result.stderr).toContain('La boutique ne démarre pas');
    // Refused before the database was touched: no PGlite directory was created.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
