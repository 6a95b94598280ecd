import type pg from 'pg';
import { pgModule } from '../pg.js';
import type { ListCache } from './listCache.js';

/** The channel migration 022's triggers announce writes on, with `schema.table` as the payload. */
export const LIST_CHANGES_CHANNEL = 'list_changes';

/** How long a lost listening connection waits before it connects again. */
export const RECONNECT_MS = 1000;

/**
 * PostgreSQL: one connection per process that LISTENs for the writes of every process (the
 * triggers of migration 022 NOTIFY when a write commits) and tells the cache which tables changed.
 * The cache keeps nothing until LISTEN has answered, and drops everything and keeps nothing while
 * the connection is lost: a write it could not hear about must not leave a stale answer behind.
 * The channel is the database's: a process hears the writes of other schemas (tests, benchmarks)
 * and ignores them.
 */
export function listenForListChanges(
  config: pg.ClientConfig,
  schema: string,
  cache: ListCache,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    cache.dropAll(false);
    client = undefined;
    if (!closed) retry ??= setTimeout(connect, RECONNECT_MS);
  };

  async function connect(): Promise<void> {
    retry = undefined;
    const c = new (pgModule().Client)(config);
    client = c;
    c.on('error', () => c.end().catch(() => undefined));
    c.on('end', () => client === c && lost());
    c.on('notification', (msg) => {
      const [from, table] = (msg.payload ?? '').split('.');
      if (msg.channel === LIST_CHANGES_CHANNEL && from === schema && table) cache.changed(table);
    });
    try {
      await c.connect();
      await c.query(`listen ${LIST_CHANGES_CHANNEL}`);
      if (closed || client !== c) return void (await c.end());
      cache.dropAll(true);
    } catch {
      if (client === c) {
        await c.end().catch(() => undefined);
        lost();
      }
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      cache.dropAll(false);
      await c?.end().catch(() => undefined);
    },
  };
}
