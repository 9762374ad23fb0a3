// The baseline for bench/api.ts: a plain Fastify server answering the query behind
// products.list (first page, 20 rows, with the total) straight from pg, or from PGlite when no
// DATABASE_URL is given, gzip on the fly. No tRPC, no validation, no cache: what the shop's most
// frequent read costs with nothing in the way.
// GET /ceiling answers that same answer as gzip bytes made once at start: no query, no
// serialization, no compression, so the most any cached read can do on this machine.
import { gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import { products } from '@app/shared';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { columnsFor } from '../server/src/crud/repository';
import { createDb } from '../server/src/db/index';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedIfEmpty } from '../server/src/seed/seed';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const columns = columnsFor(products, 'public', 'list')
  .map((c) => `${snake(c)} AS "${c}"`)
  .join(', ');
const where = 'WHERE published = true';
const listSql = `SELECT ${columns} FROM products ${where} ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0`;
const countSql = `SELECT count(*) AS total FROM products ${where}`;

let query: (text: string) => Promise<Record<string, unknown>[]>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async (text) => (await pool.query(text)).rows as Record<string, unknown>[];
} else {
  const db = createDb({ dataDir: 'memory://' });
  await migrateToLatest(db);
  await seedIfEmpty(db, { demo: true });
  query = async (text) => (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;
}

const productsList = async () => {
  const [rows, count] = await Promise.all([query(listSql), query(countSql)]);
  return { result: { data: { rows, total: Number(count[0]?.total) } } };
};
const precomputed = gzipSync(JSON.stringify(await productsList()));

const app = Fastify({ logger: false });
await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, brotliOptions: { params: { 1: 5 } } });
app.get('/products', productsList);
app.get('/ceiling', (_req, reply) =>
  reply.header('content-type', 'application/json').header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(precomputed),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
