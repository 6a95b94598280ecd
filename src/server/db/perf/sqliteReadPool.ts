import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from '../schema.js';
import { SqlitePageCompiler } from './pageCompilers.js';

/**
 * better-sqlite3 is synchronous: a query holds Node's only thread until it ends, so one broad
 * search of a million rows (10-25 ms) made every other request wait, however small. The read pool
 * runs list and search reads in a few worker threads instead, each with its own read-only
 * connection to the same file (WAL lets readers run beside each other and beside the writer), and
 * the main thread keeps answering. Writes and transactions stay on the main connection.
 *
 * Workers start on the first read (a process that never lists starts none), are held by the event
 * loop only while they run a query, stop when the server comes to rest (stopIdleWorkers) and start
 * again on the next read; one that dies is replaced on the next read; the query it was running
 * fails with an error (the request answers 500, as for any database error).
 */
/**
 * Each reader's page cache, in KiB: SQLite's own default (2 MB) instead of better-sqlite3's 16 MB.
 * After a load of broad searches each reader's cache was full, 16 MB of the server's memory per
 * reader holding copies of pages the kernel caches anyway; with 2 MB the searches, pages and
 * counts of bench/list-load.ts cost the same CPU per call (bench/README.md, "Lists under load").
 */
export const READER_CACHE_KB = 2000;

export class SqliteReadPool {
  readonly #file: string;
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  #served = 0;

  constructor(file: string, size: number) {
    if (!(size >= 1)) throw new Error('a read pool needs at least one worker');
    this.#file = file;
    this.#size = size;
  }

  /** Runs one read in a worker; answers its rows and the worker's thread id. */
  query<R = Record<string, unknown>>(
    sql: string,
    parameters: readonly unknown[],
  ): Promise<{ rows: R[]; threadId: number }> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, sql, parameters, resolve: resolve as Job['resolve'], reject });
      this.#pump();
    });
  }

  /** Queries answered so far (tests check a request was served here). */
  get served(): number {
    return this.#served;
  }

  /** The thread ids of the running workers. */
  threadIds(): number[] {
    return this.#slots.map((s) => s.worker.threadId);
  }

  /**
   * Ends the running workers as a crash would (their reads fail, queued ones wait): the next read
   * starts new ones. Tests use it to check the pool recovers.
   */
  async terminateWorkers(): Promise<void> {
    await Promise.all(this.#slots.map((s) => s.worker.terminate()));
  }

  /**
   * Stops the workers that run no read: the server calls it at rest (Db.atRest). Each worker holds
   * its own V8 heap, its connection with its page cache and its thread's malloc arena, about 7 MB
   * of the server's memory that nothing hands back while it waits; the next read starts one again,
   * as the first read after the start does (50–150 ms, for a read that would take 10–50 ms).
   */
  stopIdleWorkers(): void {
    for (const slot of [...this.#slots]) {
      if (slot.job) continue;
      this.#slots.splice(this.#slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }
  }

  /** Stops every worker; queued and running reads fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('the database is closed'));
    await Promise.all(this.#slots.splice(0).map((s) => s.worker.terminate()));
  }

  /** Hands queued reads to idle workers, starting workers up to the pool's size. */
  #pump(): void {
    while (this.#queue.length > 0) {
      const slot = this.#slots.find((s) => !s.job) ?? (this.#slots.length < this.#size ? this.#start() : undefined);
      if (!slot) return;
      const job = this.#queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, sql: job.sql, parameters: job.parameters });
    }
  }

  #start(): Slot {
    const worker = new Worker(new URL('./sqliteReader.worker.mjs', import.meta.url), {
      workerData: { file: this.#file, cacheKb: READER_CACHE_KB },
    });
    const slot: Slot = { worker, job: undefined, failure: undefined };
    this.#slots.push(slot);
    worker.on('message', (msg: Answer) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = undefined;
      worker.unref();
      if (msg.error) job.reject(sqliteError(msg.error));
      else {
        this.#served++;
        job.resolve({ rows: msg.blobs ? msg.rows.map(withBuffers) : msg.rows, threadId: worker.threadId });
      }
      this.#pump();
    });
    // An uncaught error in the worker (it could not open the file, or it crashed): 'exit' follows.
    worker.on('error', (err) => {
      slot.failure = err;
    });
    worker.on('exit', (code) => {
      const at = this.#slots.indexOf(slot);
      if (at >= 0) this.#slots.splice(at, 1);
      const job = slot.job;
      slot.job = undefined;
      if (job)
        job.reject(
          slot.failure ??
            new Error(this.#closed ? 'the database is closed' : `a read worker stopped (exit code ${code})`),
        );
      // A replacement starts for the reads still waiting (none once the pool is closed).
      if (!this.#closed) this.#pump();
    });
    return slot;
  }
}

interface Job {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  resolve: (answer: { rows: Record<string, unknown>[]; threadId: number }) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  failure: Error | undefined;
}

type Answer =
  | { id: number; rows: Record<string, unknown>[]; blobs: boolean; error?: undefined }
  | { id: number; error: { name: string; message: string; code?: string } };

/** SQLite's own error class with its code (SQLITE_...), as the main connection would throw it. */
function sqliteError(e: { name: string; message: string; code?: string }): Error {
  if (e.name === 'SqliteError' && e.code) return new SqliteDatabase.SqliteError(e.message, e.code);
  return Object.assign(new Error(e.message), { code: e.code });
}

/** A BLOB comes back from a worker as a Uint8Array; the main connection answers Buffers. */
function withBuffers(row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) {
    const v = row[key];
    if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return row;
}

/**
 * A Kysely over the pool: queries built as usual, compiled for SQLite, run by a worker. Reads only:
 * a transaction on it throws (transactions belong to db.transaction on the main connection).
 */
export function readPoolKysely(pool: SqliteReadPool): Kysely<Database> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const { rows } = await pool.query<R>(query.sql, query.parameters);
      return { rows };
    },
    async *streamQuery() {
      throw new Error('the read pool does not stream');
    },
  };
  const noTransactions = async () => {
    throw new Error('the read pool runs single reads: use db.transaction');
  };
  const driver: Driver = {
    init: async () => {},
    // The pool queues and spreads the reads itself: every query may use the one connection at once.
    acquireConnection: async () => connection,
    releaseConnection: async () => {},
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    destroy: () => pool.close(),
  };
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqlitePageCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
  return new Kysely<Database>({ dialect });
}
