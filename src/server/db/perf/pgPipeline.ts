import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { PostgresPageDialect } from './pageCompilers.js';

/** How many pipelined connections a server process opens at most (see PipelinedConnections). */
export const PIPELINED_CONNECTIONS = 4;

/**
 * How long the statement at the head of a pipelined connection may have waited before the next
 * statement goes to another connection: longer, and that connection is busy with a long statement.
 */
const STALLED_MS = 10;

/**
 * PostgreSQL: a statement run on its own (a page, one order, a small list, an autocommitted write)
 * goes out on a shared connection in pipeline mode, where pg writes each query as soon as it is
 * asked for and matches the answers in order; a transaction takes a pool connection of its own for
 * its whole length, as before.
 *
 * Why: ten pool connections each carrying one statement at a time cost PostgreSQL and the server
 * a backend woken, and a round trip waited for, per statement. On one pipelined connection the
 * backend reads the statements queued behind each other in one go and the server reads their
 * answers together. Through the server on 2 cores (10 requests at a time, an order's read):
 * PostgreSQL's CPU a request 274–301 µs on one connection, 297–299 on two, 414–497 on four (each
 * statement to the least busy), 556–575 on the pool; the server's 293–298, 241–263, 312–381 and
 * 376–405 µs.
 *
 * So statements fill the first connection, and go to the next (opened then, up to `size`) only
 * while the statement at the head of every earlier one has waited more than STALLED_MS: a long
 * statement holds up the ones queued behind it, and the next ones go elsewhere. On a machine where
 * one backend's core is not enough the heads wait longer, and the load spills over the same way.
 *
 * What it keeps the same:
 * - Every statement still ends with its own Sync, so it commits (or fails) on its own: an error
 *   fails that statement alone, and the ones queued behind it run.
 * - A statement's promise settles only when PostgreSQL has answered it, so whatever runs after it
 *   (a read on another connection, another request) sees its commit.
 * - A read that can be long (a broad search, an export) is not sent here: `db.reads` runs on the
 *   pool, so it holds a connection of its own rather than the statements queued behind it.
 *
 * A connection that breaks fails the statements on it (as a pool connection's would) and leaves
 * the set; the next statement opens another.
 */
export class PipelinedConnections {
  readonly #open: Pipelined[] = [];
  #ended = false;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly size: number,
  ) {}

  async query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const now = performance.now();
    const slot = this.#pick(now);
    slot.sentAt.push(now);
    try {
      const client = await slot.client;
      return await client.query(text, values);
    } finally {
      // Answers come in the order the statements went out: the one settling is the oldest.
      slot.sentAt.shift();
    }
  }

  #pick(now: number): Pipelined {
    if (this.#ended) throw new Error('The database is closed');
    for (const slot of this.#open) if (now - (slot.sentAt[0] ?? now) <= STALLED_MS) return slot;
    if (this.#open.length < this.size) return this.#add();
    // Every connection is behind a long statement: the one with the fewest waiting.
    return this.#open.reduce((a, b) => (b.sentAt.length < a.sentAt.length ? b : a));
  }

  #add(): Pipelined {
    const client = this.connect();
    const slot: Pipelined = { client: client.connect().then(() => client), sentAt: [] };
    const drop = () => {
      const at = this.#open.indexOf(slot);
      if (at >= 0) this.#open.splice(at, 1);
    };
    // A broken connection fails its statements (pg rejects each) and leaves the set; without a
    // listener, its 'error' event would end the process.
    client.on('error', drop);
    client.on('end', drop);
    slot.client.catch(drop);
    this.#open.push(slot);
    return slot;
  }

  async end(): Promise<void> {
    this.#ended = true;
    const open = this.#open.splice(0);
    await Promise.all(open.map((slot) => slot.client.then((c) => c.end()).catch(() => undefined)));
  }
}

/** A pipelined connection (once connected) and when each statement waiting on it went out, oldest first. */
interface Pipelined {
  client: Promise<pg.Client>;
  sentAt: number[];
}

/**
 * Kysely's driver over both: a transaction's statements on the pool connection it takes at `begin`,
 * every other statement on the pipelined connections. Kysely asks for a connection for each
 * statement and for each transaction; which one it is shows only at `begin`, so a connection is a
 * handle that takes a pool client then and gives it back when Kysely releases it.
 */
export class PipelinedPostgresDriver implements Driver {
  constructor(
    private readonly pool: pg.Pool,
    private readonly pipelined: PipelinedConnections,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new StatementOrTransaction(this.pool, this.pipelined);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel || settings.accessMode)
      throw new Error('Transactions run at the database default (read committed, read write)');
    await (connection as StatementOrTransaction).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as StatementOrTransaction).release();
  }

  /** The connections belong to the one who made them (openDb ends them when the database closes). */
  async destroy(): Promise<void> {}
}

class StatementOrTransaction implements DatabaseConnection {
  #own: pg.PoolClient | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly pipelined: PipelinedConnections,
  ) {}

  async begin(): Promise<void> {
    this.#own = await this.pool.connect();
    try {
      await this.#own.query('begin');
    } catch (error) {
      this.release(error as Error);
      throw error;
    }
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const values = [...compiled.parameters];
    const { command, rowCount, rows } = this.#own
      ? await this.#own.query(compiled.sql, values)
      : await this.pipelined.query(compiled.sql, values);
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { numAffectedRows: changed ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used on PostgreSQL: read a page at a time');
  }

  /** Gives the pool client back; with an error, the pool closes it instead of reusing it. */
  release(error?: Error): void {
    this.#own?.release(error);
    this.#own = undefined;
  }
}

/** The PostgreSQL dialect with the page compiler (pageCompilers.ts) and the driver above. */
export class PipelinedPageDialect extends PostgresPageDialect {
  constructor(
    private readonly pool: pg.Pool,
    private readonly pipelined: PipelinedConnections,
  ) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new PipelinedPostgresDriver(this.pool, this.pipelined);
  }
}
