import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { registerSearchFunctions } from './sqliteFunctions.mjs';
import { statementCache } from './perf/sqliteStatements.mjs';
import { PostgresPageDialect, SqlitePageDialect } from './perf/pageCompilers.js';
import { keepPlannerStatistics } from './perf/sqliteStatistics.js';
import { pgModule } from './pg.js';
import { Kysely, PostgresAdapter, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { Engine, Executor } from './types.js';
import { readPoolKysely, SqliteReadPool } from './perf/sqliteReadPool.js';
import { namedStatements } from './perf/pgStatements.js';
import { PIPELINED_CONNECTIONS, PipelinedConnections, PipelinedPageDialect } from './perf/pgPipeline.js';
import { keepListsOf, ListCache, watchWrites } from './perf/listCache.js';
import { listenForListChanges } from './perf/listChanges.js';
import { assignCountShards } from './listCounts.js';

export type { Engine, Executor } from './types.js';

export interface Db {
  kysely: Kysely<Database>;
  /**
   * Where a request's list and search reads run. On a SQLite file with reader threads (openDb's
   * `readers`), a worker of the read pool, so a long read does not hold Node's only thread (see
   * perf/sqliteReadPool.ts); on PostgreSQL the pool, so a long read holds a connection of its own
   * rather than the pipelined statements behind it (perf/pgPipeline.ts); elsewhere (in-memory
   * SQLite, `readers: 0`) `kysely` itself.
   * Reads only, outside any transaction: a read that a write depends on stays in the transaction.
   * A read here sees every commit made before it was sent, the request's own writes included.
   */
  reads: Kysely<Database>;
  /** The pool behind `reads`, when there is one. */
  readPool?: SqliteReadPool;
  /** The small lists' answers kept in memory (perf/listCache.ts): live only when openDb got `keepLists`. */
  lists: ListCache;
  engine: Engine;
  /** PostgreSQL: the schema the tables live in ('public' unless openDb was given one). */
  schema?: string;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. The
   * checks that guard a write run inside it (read with `forUpdate` what the write depends on), so
   * two requests at the same moment cannot both pass a check that only one of them should.
   */
  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` with a Kysely whose every statement, in a transaction or not, goes to one connection
   * held for the whole call, and closed after it. For what keeps state in a PostgreSQL session
   * (the migrations' advisory lock): elsewhere a statement outside a transaction goes to whichever
   * pipelined connection is free (perf/pgPipeline.ts), so a lock taken by one statement would be
   * released (or not) on another, and a session lock left behind blocks every other process. The
   * connection is closed rather than given back, so nothing set on it outlives the call. SQLite has
   * one connection: `fn` gets `kysely` itself.
   */
  onOneConnection<T>(fn: (kysely: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * The server is at rest (lib/idleCollect.ts): the SQLite read pool stops its idle workers (they
   * start again on the next read). Nothing elsewhere.
   */
  atRest(): void;
  close(): Promise<void>;
}

/**
 * Where a request's read runs: a read that can be long (a broad search, a filtered count, an
 * export, a report) in the read pool (`reads`), so it does not hold Node's only thread; a short
 * indexed read (a page of a list, one order, a small list) on the main connection (`kysely`). On
 * SQLite, handing a 0.1 ms page to a worker and its rows back cost the main thread more in
 * messages than the read itself (a quarter of its time went to postMessage under the list's load).
 */
export const readsFor = (db: Pick<Db, 'kysely' | 'reads'>, long: boolean): Kysely<Database> =>
  long ? db.reads : db.kysely;

/**
 * Locks the selected rows until the transaction ends. PostgreSQL needs it (`FOR UPDATE`); SQLite
 * has no row locks and needs none: better-sqlite3 runs one transaction at a time on its single
 * connection, and another process waits for the write lock (busy_timeout).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(exec: Executor, qb: QB): QB {
  return exec.getExecutor().adapter instanceof PostgresAdapter ? (qb.forUpdate() as QB) : qb;
}

/**
 * Runs `fn` in a transaction and, when it ends, tells the cache of the small lists which tables
 * it wrote: their answers read while it ran (before its commit) are stale from then on.
 */
function withTransaction(kysely: Kysely<Database>, lists: ListCache): Db['transaction'] {
  return async (fn) => {
    const written = new Set<string>();
    try {
      return await kysely
        .transaction()
        .execute((trx) => fn(trx.withPlugin(watchWrites((table) => written.add(table)))));
    } finally {
      for (const table of written) lists.changed(table);
    }
  };
}

/**
 * Opens the database named by a URL: `sqlite:<path>`, `sqlite::memory:` or `postgres://...`.
 * `schema` (PostgreSQL only) isolates a test run in its own schema. `readers` (SQLite file only,
 * default 0): worker threads that serve `db.reads` (the server takes SQLITE_READERS, see config.ts).
 * `keepLists` (the server): the small lists are answered from memory while no write touched them
 * (perf/listCache.ts); on PostgreSQL that takes one more connection, listening for other processes'
 * writes.
 */
export function openDb(url: string, opts: { schema?: string; readers?: number; keepLists?: boolean } = {}): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // synchronize_seqscans off: a scan with a LIMIT (the search's probe of the trigram matches,
    // which the planner answers by reading the table when the term is broad) starts at the table's
    // first page. Synchronised, a scan joins one already running, mid-table, and under load the
    // probe read most of a million rows before its first match (2 s instead of 1 ms).
    const options = ['-c synchronize_seqscans=off', ...(opts.schema ? [`-c search_path=${opts.schema}`] : [])].join(
      ' ',
    );
    const pg = pgModule();
    const named = namedStatements();
    const shard = assignCountShards();
    const pool = new pg.Pool({ connectionString: url, max: 10, options });
    pool.on('connect', named);
    pool.on('connect', shard);
    const pipelined = new PipelinedConnections(() => {
      const client = new pg.Client({ connectionString: url, options, pipeline: true });
      named(client);
      shard(client);
      return client;
    }, PIPELINED_CONNECTIONS);
    const schema = opts.schema ?? 'public';
    // Nothing is kept until the listening connection has heard LISTEN answered (perf/listChanges.ts).
    const lists = new ListCache({ live: false });
    const listener = opts.keepLists
      ? listenForListChanges({ connectionString: url, options }, schema, lists)
      : undefined;
    const kysely = new Kysely<Database>({
      dialect: new PipelinedPageDialect(pool, pipelined),
      plugins: [watchWrites((table) => lists.changed(table))],
    });
    keepListsOf(kysely, lists);
    // A read that can be long holds a pool connection of its own rather than a pipelined one
    // (perf/pgPipeline.ts).
    const reads = new Kysely<Database>({
      dialect: new PostgresPageDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }),
    });
    keepListsOf(reads, lists);
    // The connections are ended here, not by the Kyselys: Kysely ends a driver only after a query
    // went through it, and both share the pool.
    const close = async () => {
      await listener?.close();
      await kysely.destroy();
      await reads.destroy();
      await pipelined.end();
      await pool.end();
    };
    const onOneConnection: Db['onOneConnection'] = async (fn) => {
      const client = await pool.connect();
      // Kysely gives its connection back after each statement: the client stays held until the end.
      const held = { query: client.query.bind(client), release: () => undefined };
      const one = new Kysely<Database>({
        dialect: new PostgresPageDialect({ pool: { connect: async () => held, end: async () => undefined } }),
        plugins: [watchWrites((table) => lists.changed(table))],
      });
      try {
        return await fn(one);
      } finally {
        await one.destroy();
        client.release(true);
      }
    };
    return {
      kysely,
      reads,
      lists,
      engine: 'postgres',
      schema,
      transaction: withTransaction(kysely, lists),
      onOneConnection,
      atRest: () => undefined,
      close,
    };
  }
  if (!url.startsWith('sqlite:'))
    throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(':')[0]}:")`);
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file === ':memory:' ? ':memory:' : file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerSearchFunctions(sqlite);
  if (file !== ':memory:') keepPlannerStatistics(sqlite);
  // Kysely calls prepare() for every query: hand it the statement already prepared for the same SQL.
  const prepare = statementCache(sqlite);
  // data_version changes when another connection (a command of the CLI) commits to the file.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let seenVersion = dataVersion.get();
  const outsideWrites = () => seenVersion !== (seenVersion = dataVersion.get());
  const lists = new ListCache({
    live: !!opts.keepLists,
    outsideWrites: file === ':memory:' ? undefined : outsideWrites,
  });
  const kysely = new Kysely<Database>({
    dialect: new SqlitePageDialect({ database: { prepare, close: () => sqlite.close() } }),
    plugins: [watchWrites((table) => lists.changed(table))],
  });
  keepListsOf(kysely, lists);
  // Workers cannot share an in-memory database: there every read stays on the main connection.
  const readers = file === ':memory:' ? 0 : (opts.readers ?? 0);
  if (readers === 0)
    return {
      kysely,
      reads: kysely,
      lists,
      engine: 'sqlite',
      transaction: withTransaction(kysely, lists),
      onOneConnection: (fn) => fn(kysely),
      atRest: () => undefined,
      close: () => kysely.destroy(),
    };
  const readPool = new SqliteReadPool(path.resolve(file), readers);
  const reads = readPoolKysely(readPool);
  keepListsOf(reads, lists);
  return {
    kysely,
    reads,
    readPool,
    lists,
    engine: 'sqlite',
    transaction: withTransaction(kysely, lists),
    onOneConnection: (fn) => fn(kysely),
    atRest: () => readPool.stopIdleWorkers(),
    close: async () => {
      // The pool directly too: Kysely destroys a driver only after a query went through it.
      await reads.destroy();
      await readPool.close();
      await kysely.destroy();
    },
  };
}

// Our SQL functions (folded_contains, search_fold) live in sqliteFunctions.mjs: the read pool's workers register them too.
export { foldCase, FOLD_FROM, FOLD_TO } from './sqliteFunctions.mjs';
