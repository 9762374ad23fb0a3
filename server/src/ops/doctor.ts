import fs from 'node:fs';
import path from 'node:path';
import { placeholderFields, settings } from '@app/shared';
import { type Kysely, sql } from 'kysely';
import nodemailer from 'nodemailer';
import { configProblems, parseTrustProxy, proxyListenCheck } from '../config';
import { serverRunning } from '../db/backup';
import { createDb } from '../db/index';
import { pendingMigrations } from '../db/migrate';
import type { Database } from '../db/schema';

// `npm run doctor`, and the start of a production server: the configuration checked before a
// shopper or the owner trips on it. Each finding says what is wrong and how to fix it, in French.
// A fatal one stops a production server from starting; a warning is printed and the shop runs.

export interface Finding {
  severity: 'fatal' | 'warning' | 'ok';
  message: string;
  /** What to do about it. */
  fix?: string;
}

const MiB = 1024 * 1024;
/** Below this, writes (orders, photos, the database's own files) start failing: the server does not start. */
export const DISK_FATAL_BYTES = 100 * MiB;
export const DISK_WARNING_BYTES = 1024 * MiB;

const fatal = (message: string, fix?: string): Finding => ({ severity: 'fatal', message, fix });
const warning = (message: string, fix?: string): Finding => ({ severity: 'warning', message, fix });
const ok = (message: string): Finding => ({ severity: 'ok', message });

const set = (env: NodeJS.ProcessEnv, name: string) => Boolean(env[name]?.trim());

/**
 * Settings that cannot work (config.ts says each, in the same words at start), and the one pair
 * that is only a warning: a webhook secret without its key leaves Mobile Money off.
 */
function settingsThatCannotWork(env: NodeJS.ProcessEnv): Finding[] {
  const found = configProblems(env).map((problem) => fatal(problem.message, problem.fix));
  if (!set(env, 'FEDAPAY_SECRET_KEY') && set(env, 'FEDAPAY_WEBHOOK_SECRET'))
    found.push(
      warning(
        'FEDAPAY_WEBHOOK_SECRET est défini sans FEDAPAY_SECRET_KEY : Mobile Money reste désactivé.',
        'Ajoutez la clé secrète FedaPay (sk_live_…) dans FEDAPAY_SECRET_KEY, ou retirez le secret du webhook.',
      ),
    );
  return found;
}

function publicUrl(env: NodeJS.ProcessEnv, production: boolean): Finding[] {
  const value = env.PUBLIC_URL?.trim();
  if (production && !value)
    return [
      fatal(
        'PUBLIC_URL manque : les liens des e-mails, du plan du site et des paiements pointeraient vers localhost.',
        'Mettez l’adresse publique de la boutique, par exemple PUBLIC_URL=https://boutique.example.bj',
      ),
    ];
  if (!value) return [];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [fatal(`PUBLIC_URL n’est pas une adresse valide (« ${value} »).`, 'Par exemple PUBLIC_URL=https://boutique.example.bj')];
  }
  if (production && url.protocol !== 'https:')
    return [
      fatal(
        `PUBLIC_URL est en ${url.protocol.replace(':', '')} (« ${value} ») : en production, la session de l’administration et les paiements exigent HTTPS.`,
        `Mettez l’adresse en https, par exemple PUBLIC_URL=https://${url.host}, derrière Caddy qui obtient le certificat (voir « Mise en ligne »).`,
      ),
    ];
  if (!production && url.protocol === 'https:')
    return [
      warning(
        'PUBLIC_URL est en https mais NODE_ENV n’est pas « production » : le cookie de session n’est pas marqué Secure et HSTS n’est pas envoyé.',
        'Mettez NODE_ENV=production sur un serveur en ligne.',
      ),
    ];
  return [ok(`Adresse publique : ${url.origin}`)];
}

async function mail(env: NodeJS.ProcessEnv, production: boolean, smtpTimeoutMs: number): Promise<Finding[]> {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) {
    if (production && env.MAIL_TO_FILES !== 'true')
      return [
        fatal(
          'Aucun serveur d’e-mail (SMTP_URL) : les alertes de commande, les reçus et les liens de mot de passe resteraient dans DATA_DIR/outbox, lus par personne.',
          'Renseignez SMTP_URL (par exemple smtps://utilisateur:motdepasse@smtp.example.com:465), ou MAIL_TO_FILES=true pour choisir ce dossier en connaissance de cause.',
        ),
      ];
    return [ok('E-mails écrits dans DATA_DIR/outbox (pas de SMTP_URL)')];
  }
  let host = 'le serveur SMTP';
  try {
    host = new URL(smtpUrl).host;
    const transport = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: smtpTimeoutMs,
      greetingTimeout: smtpTimeoutMs,
      socketTimeout: smtpTimeoutMs,
    });
    await transport.verify();
    transport.close();
    return [ok(`Serveur d’e-mail joignable : ${host}`)];
  } catch (err) {
    return [
      warning(
        `Le serveur d’e-mail ${host} ne répond pas ou refuse la connexion (${err instanceof Error ? err.message : String(err)}) : les e-mails attendront et seront réessayés.`,
        'Vérifiez SMTP_URL (adresse, port, identifiant, mot de passe) et que ce serveur accepte les connexions de cette machine.',
      ),
    ];
  }
}

/**
 * The offsite backups (db/offsite.ts), when BACKUP_OFFSITE_URL asks for them: the variables they
 * need, then the storage answering with these credentials (one listing), said with the variable to fix.
 */
async function offsiteBackups(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Finding[]> {
  if (!set(env, 'BACKUP_OFFSITE_URL')) return [];
  // Loaded only here: the S3 client stays out of a server that does not send backups away.
  const [{ checkOffsite, offsiteFrom }, { OffsiteError }] = await Promise.all([import('../db/offsite'), import('../db/s3')]);
  const fix =
    'Les sauvegardes restent sur ce serveur : corrigez la variable nommée ci-dessus (docs/deployment.md, « Sauvegardes hors site »).';
  try {
    const offsite = offsiteFrom(env)!;
    await Promise.race([
      checkOffsite(offsite),
      new Promise((_, reject) =>
        setTimeout(() => reject(new OffsiteError('Stockage hors site : pas de réponse : vérifiez AWS_ENDPOINT_URL.')), timeoutMs).unref(),
      ),
    ]);
    offsite.client.destroy();
    return [ok(`Stockage hors site des sauvegardes joignable : s3://${offsite.bucket}/${offsite.prefix}`)];
  } catch (err) {
    return [warning(err instanceof Error ? err.message : String(err), fix)];
  }
}

/**
 * The file store (db/files.ts): a bucket of FILES_URL answering with these credentials (its first
 * page of names), said with the variable to fix; or the folder in DATA_DIR.
 */
async function fileStore(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Finding[]> {
  const url = env.FILES_URL?.trim();
  if (!url) return [ok(`Fichiers (photos, PDF, fichiers WhatsApp) dans ${path.join(path.resolve(env.DATA_DIR || './data'), 'files')}`)];
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!m || !set(env, 'AWS_ACCESS_KEY_ID') || !set(env, 'AWS_SECRET_ACCESS_KEY')) return []; // said by settingsThatCannotWork
  const [{ s3Store }, { OffsiteError }] = await Promise.all([import('../db/file-store-s3'), import('../db/s3')]);
  const prefix = m[2] && !m[2].endsWith('/') ? `${m[2]}/` : (m[2] ?? '');
  const store = s3Store(m[1]!, prefix, env);
  try {
    await Promise.race([
      (async () => {
        for await (const _ of store.list()) break;
      })(),
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new OffsiteError('Stockage des fichiers : pas de réponse : vérifiez AWS_ENDPOINT_URL.')),
          timeoutMs,
        ).unref(),
      ),
    ]);
    return [ok(`Stockage des fichiers joignable : ${url}`)];
  } catch (err) {
    return [
      fatal(
        err instanceof Error ? err.message : String(err),
        'Sans lui, ni photo ni PDF ni fichier WhatsApp ne s’enregistre : corrigez la variable nommée ci-dessus (docs/deployment.md, « Fichiers »).',
      ),
    ];
  } finally {
    store.close?.();
  }
}

function services(env: NodeJS.ProcessEnv, production: boolean): Finding[] {
  const found: Finding[] = [];
  if (production && set(env, 'FEDAPAY_SECRET_KEY') && (env.FEDAPAY_ENVIRONMENT?.trim() || 'sandbox') === 'sandbox')
    found.push(
      warning(
        'FedaPay est en mode sandbox : les paiements Mobile Money des clients sont fictifs.',
        'Mettez FEDAPAY_ENVIRONMENT=live et la clé sk_live_… quand la boutique vend pour de vrai.',
      ),
    );
  if (production && /developper\.impots\.bj/.test(env.EMECEF_API_BASE ?? ''))
    found.push(
      warning(
        'EMECEF_API_BASE est le service de test de la DGI : les factures émises n’ont pas de valeur fiscale.',
        'Mettez l’adresse de production de l’API e-MCF et le jeton de production.',
      ),
    );
  const proxy = proxyListenCheck(env);
  if (proxy.fatal) found.push(fatal(proxy.fatal));
  else if (proxy.warning) found.push(warning(proxy.warning));
  if (production && !parseTrustProxy(env.TRUST_PROXY?.trim() === 'true' ? undefined : env.TRUST_PROXY))
    found.push(
      warning(
        'TRUST_PROXY n’est pas défini : derrière un proxy HTTPS, tous les clients auraient l’adresse du proxy, et les limites par adresse (connexions, formulaires) les compteraient comme un seul.',
        'Mettez l’adresse du proxy (TRUST_PROXY=127.0.0.1 si Caddy tourne sur cette machine ; voir « Mise en ligne »).',
      ),
    );
  return found;
}

/** Bytes free for unprivileged writes on the disk holding `dir`. */
const freeBytesOf = (dir: string) => {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
};

/** A directory the server writes into: created if missing, written to, and with room left. */
function directory(label: string, dir: string, severity: 'fatal' | 'warning', freeBytes = freeBytesOf): Finding[] {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.doctor-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (err) {
    const reason = err instanceof Error && 'code' in err ? String(err.code) : String(err);
    return [
      {
        severity,
        message: `${label} ${dir} n’est pas accessible en écriture (${reason}).`,
        fix: `Créez-le et donnez-le à l’utilisateur qui lance la boutique (chown).`,
      },
    ];
  }
  const free = freeBytes(dir);
  const freeText = `${(free / (1024 * MiB)).toFixed(1).replace('.', ',')} Go`;
  if (free < DISK_FATAL_BYTES)
    return [
      fatal(
        `Disque presque plein sous ${dir} : ${freeText} libres.`,
        'Libérez de la place (anciennes sauvegardes, journaux) avant de démarrer.',
      ),
    ];
  if (free < DISK_WARNING_BYTES)
    return [
      warning(
        `Peu d’espace disque sous ${dir} : ${freeText} libres.`,
        'Libérez de la place ou agrandissez le disque avant qu’il ne soit plein.',
      ),
    ];
  return [ok(`${label} ${dir} : accessible, ${freeText} libres`)];
}

async function database(env: NodeJS.ProcessEnv, given: Kysely<Database> | undefined, checkMigrations: boolean, dataDir: string) {
  const databaseUrl = env.DATABASE_URL?.trim();
  const found: Finding[] = [];
  if (!databaseUrl) {
    if (env.NODE_ENV === 'production')
      found.push(
        warning(
          'Base PGlite intégrée en production : un seul serveur, et la sauvegarde demande d’arrêter la boutique.',
          'Pour plusieurs serveurs et des sauvegardes sans arrêt, utilisez PostgreSQL (DATABASE_URL ; voir « Mise en ligne »).',
        ),
      );
    // Never a second PGlite on the directory a running server holds.
    const running = given ? null : serverRunning(dataDir);
    if (running) return [...found, ok(`Base PGlite ouverte par la boutique en marche (processus ${running})`)];
    if (!given && !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
      return [...found, ok('Base PGlite : créée au premier démarrage')];
  }
  const db = given ?? createDb({ databaseUrl, dataDir });
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => setTimeout(() => reject(new Error('pas de réponse en 5 s')), 5_000).unref()),
    ]);
  } catch (err) {
    if (!given) await db.destroy().catch(() => undefined);
    const where = databaseUrl ? new URL(databaseUrl).host : dataDir;
    return [
      ...found,
      fatal(
        `La base de données (${where}) ne répond pas : ${err instanceof Error ? err.message : String(err)}.`,
        databaseUrl ? 'Vérifiez DATABASE_URL (hôte, port, utilisateur, mot de passe) et que PostgreSQL tourne.' : 'Vérifiez DATA_DIR.',
      ),
    ];
  }
  found.push(ok(`Base de données joignable (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`));
  if (checkMigrations) {
    const { pending, total } = await pendingMigrations(db);
    if (!pending.length) found.push(ok('Schéma de la base à jour'));
    else if (pending.length === total) found.push(ok('Base neuve : le schéma sera créé au premier démarrage'));
    else
      found.push(
        warning(
          `${pending.length} migration(s) en attente (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', …' : ''}).`,
          'Elles sont appliquées au démarrage du serveur, ou par npm run migrate (un seul serveur migre à la fois).',
        ),
      );
  }
  found.push(...(await settingsToFill(db)));
  if (!given) await db.destroy();
  return found;
}

/** A shop started without the demo still showing its example contacts (a new base has no row yet). */
async function settingsToFill(db: Kysely<Database>): Promise<Finding[]> {
  const row = await db
    .selectFrom('settings')
    .select(['businessName', 'tagline', 'phone', 'whatsapp', 'email', 'address'])
    .executeTakeFirst()
    .catch(() => undefined);
  const left = row ? placeholderFields(row) : [];
  if (!left.length) return [];
  return [
    warning(
      `Paramètres à compléter : ${left.map((key) => settings.fields[key].label).join(', ')} gardent leur valeur d’exemple (la boutique n’affiche pas ces coordonnées).`,
      'Dans l’administration : Paramètres.',
    ),
  ];
}

export interface DiagnoseOptions {
  /** The server's own database (at start); otherwise one is opened from the environment, and closed. */
  db?: Kysely<Database>;
  /** At start the server migrates right after: pending migrations are not worth a line. */
  checkMigrations?: boolean;
  smtpTimeoutMs?: number;
  /** How much room a disk has (tests give a full disk without filling one). */
  freeBytes?: (dir: string) => number;
}

export async function diagnose(env: NodeJS.ProcessEnv, options: DiagnoseOptions = {}): Promise<Finding[]> {
  const production = env.NODE_ENV === 'production';
  const found: Finding[] = [...settingsThatCannotWork(env), ...publicUrl(env, production)];
  const dataDir = path.resolve(env.DATA_DIR || './data');
  found.push(...services(env, production));
  found.push(...(await mail(env, production, options.smtpTimeoutMs ?? 5_000)));
  found.push(...directory('Dossier de données', dataDir, 'fatal', options.freeBytes));
  if (set(env, 'BACKUP_DIR'))
    found.push(...directory('Dossier des sauvegardes', path.resolve(env.BACKUP_DIR!), 'warning', options.freeBytes));
  found.push(...(await offsiteBackups(env, options.smtpTimeoutMs ?? 5_000)));
  found.push(...(await fileStore(env, options.smtpTimeoutMs ?? 5_000)));
  found.push(...(await database(env, options.db, options.checkMigrations ?? true, dataDir)));
  return found;
}

/** What the doctor read and checked: the configuration's file, and which database (never its password). */
export function checkedWhat(env: NodeJS.ProcessEnv, envFile: string | null): string {
  const source = envFile ? `les variables d’environnement et ${envFile}` : 'les variables d’environnement (pas de fichier .env ici)';
  let database = `PGlite dans ${path.join(path.resolve(env.DATA_DIR || './data'), 'pglite')}`;
  if (set(env, 'DATABASE_URL')) {
    try {
      const url = new URL(env.DATABASE_URL!);
      database = `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}${url.username ? ` (utilisateur ${url.username})` : ''}`;
    } catch {
      database = 'PostgreSQL (DATABASE_URL illisible)';
    }
  }
  return `Configuration lue : ${source}.\nBase de données vérifiée : ${database}.\n`;
}

const MARK = { fatal: '✗', warning: '!', ok: '✓' } as const;

/** The findings as the console shows them: worst first, each with its fix under it. */
export function formatFindings(findings: readonly Finding[], options: { onlyProblems?: boolean } = {}) {
  const order = { fatal: 0, warning: 1, ok: 2 } as const;
  return [...findings]
    .filter((f) => !options.onlyProblems || f.severity !== 'ok')
    .sort((a, b) => order[a.severity] - order[b.severity])
    .map((f) => `${MARK[f.severity]} ${f.message}${f.fix ? `\n    → ${f.fix}` : ''}`)
    .join('\n');
}
