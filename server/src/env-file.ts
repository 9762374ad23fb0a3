// Every command of the shop (npm start, doctor, backup, restore, admin:create, migrate) reads ./.env
// when it is there, before anything reads the configuration: imported first by each entry point.
// Variables already set in the environment win over the file (systemd, docker compose, a test).
// ENV_FILE names another file; set empty, no file is read (the test suites).
import fs from 'node:fs';
import path from 'node:path';

const asked = process.env.ENV_FILE ?? '.env';
const file = asked ? path.resolve(asked) : null;

/** The file whose variables this process read, or null. */
export const envFile: string | null = file && fs.existsSync(file) ? (process.loadEnvFile(file), file) : null;
