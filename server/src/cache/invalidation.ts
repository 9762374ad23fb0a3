import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';
import type { Logger } from '../platform/context';
import type { PublicCache } from './public-cache';

export const CHANNEL = 'boutique_cache';

/**
 * Drops this server's entries for the written resources, then tells the other servers on the
 * same PostgreSQL (NOTIFY is delivered to every listener, this one included, after commit).
 */
export async function announceWrite(db: Kysely<Database>, cache: PublicCache, deps: readonly string[], shared: boolean, log: Logger) {
  cache.invalidate(deps);
  if (!shared) return;
  // The write is committed: a lost connection here must not turn it into an error for the caller.
  // One retry on a fresh connection; if PostgreSQL is really away, the other servers' listeners
  // lost their connections too, and they empty their caches on their own.
  const notify = () => sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ from: cache.id, deps })})`.execute(db);
  await notify()
    .catch(notify)
    .catch((err: unknown) => log.error({ err, deps }, 'cache : annonce de modification impossible'));
}

/**
 * Listens for other servers' writes on a connection of its own. Until it listens, and whenever
 * it loses that connection, the cache is cleared and switched off, so a missed message can
 * never leave a stale entry; it reconnects with a growing delay. Returns the stop function.
 */
export function listenForWrites(databaseUrl: string, cache: PublicCache, log: Logger): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;

  const lost = (reason: string) => {
    cache.enabled = false;
    cache.clear();
    if (stopped) return;
    log.warn(`cache : écoute des modifications perdue (${reason}), cache vidé ; nouvelle tentative dans ${delay} ms`);
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    void client?.end().catch(() => undefined);
    client = null;
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, 5_000);
  };

  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'boutique-cache-listener' });
    client = next;
    next.on('error', (err) => lost(err.message));
    next.on('end', () => lost('connexion fermée'));
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      try {
        const { from, deps } = JSON.parse(message.payload ?? '{}') as { from?: string; deps?: string[] };
        // Its own write, heard back: the entries were dropped in the request, and dropping them
        // again would throw away pages rebuilt since (a burst of shoppers would render twice).
        if (from === cache.id) return;
        cache.invalidate(Array.isArray(deps) ? deps : ['*']);
      } catch {
        cache.clear();
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (client !== next || stopped) return;
      // Anything cached before this point may have missed a write: start empty.
      cache.clear();
      cache.enabled = true;
      delay = 250;
    } catch (err) {
      if (client === next) lost(err instanceof Error ? err.message : String(err));
    }
  }

  cache.enabled = false;
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    current?.removeAllListeners();
    current?.on('error', () => undefined);
    await current?.end().catch(() => undefined);
  };
}
