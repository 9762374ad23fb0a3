// npm run admin:create -- --email owner@example.com [--password '...']
// Creates the admin or resets its password. Without --password it asks for one (hidden).
// On PGlite it works on the server's DATA_DIR, and only while the shop is stopped: PGlite belongs to
// one process, and a second one writing the same directory would lose the change.
import '../env-file';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { passwordSchema } from '@app/shared';
import { isEmail } from '@app/shared/format';
import { loadConfig } from '../config';
import { serverRunning } from '../db/backup';
import { createDb } from '../db/index';
import { migrateToLatest } from '../db/migrate';
import { upsertAdmin } from './admins';

function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) {
    return Promise.reject(new Error('Pas de terminal pour saisir le mot de passe : passez --password.'));
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing but the question while the password is typed.
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  out._writeToOutput = (s: string) => {
    if (s.includes(question)) out.output.write(s);
  };
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!isEmail(email)) throw new Error('Indiquez une adresse e-mail valide : npm run admin:create -- --email vous@exemple.com');
  const password = values.password ?? (await ask('Mot de passe : '));
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Mot de passe invalide.');

  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = serverRunning(config.dataDir);
    if (pid)
      throw new Error(
        `la boutique tourne (processus ${pid}) sur la base PGlite de ${config.dataDir} : rien n’a été changé. ` +
          'Arrêtez-la (Ctrl+C dans son terminal, ou systemctl stop boutique), relancez cette commande, puis redémarrez la boutique. ' +
          '(Sur PostgreSQL, avec DATABASE_URL, la commande marche boutique ouverte.)',
      );
    if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
      throw new Error(
        `aucune boutique dans ${config.dataDir} : donnez le DATA_DIR du serveur (par exemple DATA_DIR=/srv/boutique/data npm run admin:create -- --email …). ` +
          'Pour une boutique neuve, démarrez-la d’abord (npm start), ou donnez ADMIN_EMAIL et ADMIN_PASSWORD à son premier démarrage.',
      );
  }
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = config.databaseUrl ? `base PostgreSQL ${new URL(config.databaseUrl).host}` : `base PGlite ${config.dataDir}`;
  try {
    await migrateToLatest(db);
    const result = await upsertAdmin(db, email, checked.data);
    console.log(
      result === 'created'
        ? `Administrateur créé : ${email} (${where})`
        : `Mot de passe réinitialisé pour ${email} (sessions fermées ; ${where}).`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`Erreur : ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
