import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (COUNT, bigint columns) as strings; every bigint we keep
// (ids, Unix seconds, bani) fits in a JS number, so parse them as numbers everywhere.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens the database named by a URL: `sqlite:<path>`, `sqlite::memory:` or `postgres://...`.
 * `schema` (PostgreSQL only) isolates a test run in its own schema.
 */
export function openDb(url: string, opts: { schema?: string } = {}): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine: 'postgres', close: () => kysely.destroy() };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(':')[0]}:")`);
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file === ':memory:' ? ':memory:' : file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, engine: 'sqlite', close: () => kysely.destroy() };
}
