import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * The statements the app sends to its database while a call runs, on either engine: every query
 * of a PostgreSQL client (transaction control included) and every statement SQLite runs. Each is a
 * round trip and its CPU on the server's one thread (PostgreSQL), so a test can hold a hot path to
 * the number it costs. Import this module before the app opens its database: PostgreSQL's clients
 * take their query function when they connect.
 */

let seen: string[] | null = null;

const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (seen) {
    const config = args[0] as string | { text?: string };
    seen.push(typeof config === 'string' ? config : (config?.text ?? String(config)));
  }
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

// better-sqlite3's statements share one prototype: its ways of running one are counted.
const probe = new SqliteDatabase(':memory:');
const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
probe.close();
for (const method of ['all', 'get', 'run', 'iterate']) {
  const run = statementProto[method] as (...a: unknown[]) => unknown;
  statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
    seen?.push(this.source);
    return run.apply(this, args);
  };
}

/** The statements run while `fn` runs (the app's and anything else of this process), in order. */
export async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  seen = [];
  try {
    await fn();
    return seen;
  } finally {
    seen = null;
  }
}
