// npm run admin:create -- --email owner@example.com [--password '...']
// Creates the admin or resets its password. Without --password it asks for one (hidden).
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { passwordSchema } from '@app/shared';
import { isEmail } from '@app/shared/format';
import { loadConfig } from '../config';
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
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const result = await upsertAdmin(db, email, checked.data);
    console.log(result === 'created' ? `Administrateur créé : ${email}` : `Mot de passe réinitialisé pour ${email} (sessions fermées).`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`Erreur : ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
