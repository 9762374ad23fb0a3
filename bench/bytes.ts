// Files in bytea columns on PGlite (photos, customers' WhatsApp files): written and read as a bytea
// parameter and result, against base64 text (server/src/db/bytes.ts), in the same run, and how long
// the event loop stood still meanwhile (PGlite runs in the server's own thread: every shopper waits).
// Run: npx tsx bench/bytes.ts
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const db = new PGlite();
await db.exec('CREATE TABLE files (id serial PRIMARY KEY, bytes bytea NOT NULL)');

/** The time `run` takes and the longest stall of the event loop during it (a 5 ms timer's lateness). */
async function measure(run: () => Promise<unknown>) {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 5);
    last = now;
  }, 5);
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  // The timer's first turn after the query says how long it was kept waiting.
  await new Promise((r) => setTimeout(r, 10));
  clearInterval(timer);
  return { ms, stall: Math.max(stall, 0) };
}

for (const mb of [0.25, 1, 4.9]) {
  const file = randomBytes(Math.floor(mb * 1024 * 1024));
  const rows: Record<string, { ms: number[]; stall: number[] }> = {};
  const add = (name: string, r: { ms: number; stall: number }) => {
    rows[name] ??= { ms: [], stall: [] };
    rows[name].ms.push(r.ms);
    rows[name].stall.push(r.stall);
  };
  for (let i = 0; i < RUNS; i++) {
    // By turns, so the machine's noise falls on both.
    add('écrire bytea', await measure(() => db.query('INSERT INTO files (bytes) VALUES ($1)', [file])));
    add(
      'écrire base64',
      await measure(() => db.query(`INSERT INTO files (bytes) VALUES (decode($1, 'base64'))`, [file.toString('base64')])),
    );
    add('lire bytea', await measure(() => db.query('SELECT bytes FROM files ORDER BY id DESC LIMIT 1')));
    add(
      'lire base64',
      await measure(async () => {
        const r = await db.query<{ b: string }>(`SELECT encode(bytes, 'base64') AS b FROM files ORDER BY id DESC LIMIT 1`);
        Buffer.from(r.rows[0]!.b, 'base64');
      }),
    );
  }
  console.log(`\n${mb} Mo (médiane de ${RUNS})`);
  for (const [name, r] of Object.entries(rows))
    console.log(
      `  ${name.padEnd(14)} ${median(r.ms).toFixed(0).padStart(5)} ms   boucle bloquée ${median(r.stall).toFixed(0).padStart(5)} ms`,
    );
}
await db.close();
