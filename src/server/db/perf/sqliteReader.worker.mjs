/**
 * One reader of the SQLite read pool (sqliteReadPool.ts): a worker thread with its own read-only
 * connection to the database file, so a long read (a broad search of a million rows) holds this
 * thread instead of Node's main one. In WAL mode every statement sees the last commit made before
 * it started, whichever connection made it.
 *
 * Plain JavaScript so it starts the same under tsx, vitest and plain node (no loader in workers).
 * Messages in: {id, sql, parameters}; out: {id, rows, blobs} or {id, error: {name, message, code}}.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { registerSearchFunctions } from '../sqliteFunctions.mjs';
import { statementCache } from './sqliteStatements.mjs';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${Number(workerData.busyTimeoutMs ?? 5000)}`);
// The page cache this connection keeps (sqliteReadPool.ts, READER_CACHE_KB): the file's pages stay
// in the kernel's cache for every connection anyway.
db.pragma(`cache_size = -${Number(workerData.cacheKb ?? 2000)}`);
registerSearchFunctions(db);

const prepared = statementCache(db);

// A Buffer crosses postMessage as a plain Uint8Array: better-sqlite3 binds Buffers.
const bindable = (v) =>
  v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;

function hasBlob(rows) {
  for (const row of rows) for (const key in row) if (row[key] instanceof Uint8Array) return true;
  return false;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const stmt = prepared(sql);
    // Writes go through the main connection, in db.transaction: refuse them here before SQLite does.
    if (!stmt.reader)
      throw Object.assign(new Error('The read pool runs reads only (a write goes through db.kysely)'), {
        code: 'READ_POOL_WRITE',
      });
    const rows = stmt.all(parameters.map(bindable));
    parentPort.postMessage({ id, rows, blobs: hasBlob(rows), threadId });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    parentPort.postMessage({ id, error: { name: e.name, message: e.message, code: e.code } });
  }
});
