import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

const COMMAND = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)\b/i;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets Kysely's PostgresDialect drive PGlite. PGlite is a single connection,
 * so a client is handed out to one caller at a time: a transaction then owns
 * it until it is released, as with a pooled pg client.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();
  const client = (release: () => void): PostgresPoolClient =>
    ({
      async query(sql: string, parameters: ReadonlyArray<unknown>) {
        // PGlite runs each statement on this thread. Queued statements would otherwise follow one
        // another in microtasks and starve the event loop: a burst of logins would stall cached
        // pages and /health/live. One turn of the loop between statements keeps them answering.
        await yieldToEventLoop();
        // Without parameters, use the simple protocol as pg does: it allows several statements (migrations).
        const result = parameters.length
          ? await pglite.query(sql, parameters as unknown[])
          : ((await pglite.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 });
        const command = (COMMAND.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT') as PostgresQueryResult<unknown>['command'];
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release,
    }) as PostgresPoolClient;
  return {
    connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const ready = queue;
      queue = queue.then(() => turn);
      return ready.then(() => client(release));
    },
    async end() {
      await queue;
      await pglite.close();
    },
  };
}
