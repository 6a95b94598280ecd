import type SqliteDatabase from 'better-sqlite3';

export declare const MAX_STATEMENTS: number;
/** A `prepare(sql)` that reuses the statement of a SQL text already prepared (see sqliteStatements.mjs). */
export declare function statementCache(
  db: SqliteDatabase.Database,
  max?: number,
): (sql: string) => SqliteDatabase.Statement;
