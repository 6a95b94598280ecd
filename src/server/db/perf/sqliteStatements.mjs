/**
 * Prepared statements by SQL text, for a better-sqlite3 connection: the main one (../connection.ts)
 * and each reader of the read pool (sqliteReader.worker.mjs). Kysely's SQLite driver prepares
 * every query anew; a request's queries repeat the same few shapes, and preparing one cost about
 * as much as running it (6 µs against 7 for a 3-row count). Bounded so ad-hoc SQL (an IN list of
 * every length) cannot grow it without end: the oldest shape goes first.
 *
 * Plain JavaScript because the pool's workers run without a TypeScript loader.
 */
export const MAX_STATEMENTS = 200;

export function statementCache(db, max = MAX_STATEMENTS) {
  const statements = new Map();
  return function prepare(sql) {
    let stmt = statements.get(sql);
    // A statement still stepping through rows (an iterator left open) cannot run again: prepare a fresh one.
    if (stmt && !stmt.busy) return stmt;
    stmt = db.prepare(sql);
    if (statements.size >= max && !statements.has(sql)) statements.delete(statements.keys().next().value);
    statements.set(sql, stmt);
    return stmt;
  };
}
