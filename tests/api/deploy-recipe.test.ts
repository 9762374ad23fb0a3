import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/src/seed/seed';
import { createTestDb } from '../support/db';

// docs/deployment.md, "Mise en ligne sans Docker", steps 3 to 5 as written: .env from the example with
// production values, the doctor checking that PostgreSQL, and the backup as the systemd timer runs
// it. (Steps 1, 2 and 6 are Debian's packages and commands; Caddy's file is run by behind-caddy.)

const root = path.resolve('.');
const pgUrl = process.env.TEST_DATABASE_URL;
const dir = path.resolve(`.tmp/recipe-${process.pid}`);
let drop: () => Promise<void> = async () => undefined;
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await drop();
});

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, args, { cwd: dir, env, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? 1 : 0, stdout, stderr }),
    ),
  );

/** A systemd unit's [Service] settings (one value per key: these units have no repeated key but Environment). */
const unit = (file: string) =>
  Object.fromEntries(
    fs
      .readFileSync(path.join(root, 'deploy/systemd', file), 'utf8')
      .split('\n')
      .map((line) => /^(\w+)=(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => [m[1]!, m[2]!]),
  );

describe.skipIf(!pgUrl)('the shop without Docker, as docs/deployment.md says', () => {
  it('reads .env made from the example, the doctor checks that PostgreSQL, and the timer’s backup saves it', async () => {
    const shop = await createTestDb();
    drop = shop.drop;
    await seedIfEmpty(shop.db, { demo: false });
    await shop.db.destroy();
    // Step 3: cp .env.example .env, then the production values.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const values: Record<string, string> = {
      DATABASE_URL: shop.url!,
      PUBLIC_URL: 'https://boutique.example.bj',
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'proprietaire@example.bj',
      ADMIN_PASSWORD: 'une phrase de passe assez longue',
    };
    let env = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const [key, value] of Object.entries(values)) env = env.replace(new RegExp(`^#? ?${key}=.*$`, 'm'), `${key}=${value}`);
    fs.writeFileSync(path.join(dir, '.env'), env);
    expect(parseEnv(env)).toMatchObject(values);
    // Each server's port comes from its unit, which the file would override: the example leaves it unset.
    expect(parseEnv(env).PORT).toBeUndefined();
    expect(unit('boutique@.service')).toMatchObject({ EnvironmentFile: '/srv/boutique/.env', WorkingDirectory: '/srv/boutique' });
    expect(unit('boutique@.service').Environment).toContain('PORT=%i');

    // Step 4: npm run doctor, from the shop's folder.
    const doctor = await run([path.join(root, 'server/dist/bin/doctor-cli.js')], { PATH: process.env.PATH });
    expect(doctor.stdout).toContain(`Configuration lue : les variables d’environnement et ${path.join(dir, '.env')}.`);
    expect(doctor.stdout).toContain(`Base de données vérifiée : PostgreSQL ${new URL(shop.url!).host}${new URL(shop.url!).pathname}`);
    expect(doctor.stdout).toContain('✓ Base de données joignable (PostgreSQL)');
    expect(doctor.stdout).toContain('Aucun problème bloquant');
    expect(doctor.stdout).not.toContain('NODE_ENV');

    // Step 5: the backup as boutique-backup.service runs it: its command, in its folder, with its
    // environment file (the paths of /srv/boutique here: the code in this checkout, the shop's folder above).
    const backup = unit('boutique-backup.service');
    expect(backup).toMatchObject({ WorkingDirectory: '/srv/boutique', EnvironmentFile: '/srv/boutique/.env', Type: 'oneshot' });
    const [node, script, ...args] = backup.ExecStart!.split(' ');
    expect(node).toBe('/usr/bin/node');
    const done = await run([path.join(root, script!), ...args], { PATH: process.env.PATH, ...parseEnv(env) });
    expect(done.stderr).toBe('');
    const files = fs.readdirSync(path.join(dir, 'backups'));
    expect(files).toEqual([expect.stringMatching(/^boutique-.*\.dump$/)]);
    expect(fs.readFileSync(path.join(root, 'deploy/systemd/boutique-backup.timer'), 'utf8')).toMatch(/^OnCalendar=\*-\*-\* 03:00:00$/m);
  }, 90_000);
});
