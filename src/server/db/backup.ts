import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Online backup and restore of the SQLite file with SQLite's own backup API: the copy is one
 * consistent state of the database, taken page by page while the server keeps working (a write
 * during the copy makes SQLite start the copy again from that state), so every write acknowledged
 * before the backup began is in it. PostgreSQL has pg_dump / pg_restore for the same (README).
 */

const ALL_PAGES = 0x7fffffff;

/** The file path of a `sqlite:<path>` URL; other engines and the in-memory database have none. */
export function sqliteFileOf(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const file = databaseUrl.slice('sqlite:'.length);
  return file === ':memory:' ? null : path.resolve(file);
}

/** Copies the live database file `from` into `to` (a new file; an existing one is refused). Answers the copy's size in bytes. */
export async function backupSqlite(from: string, to: string): Promise<number> {
  if (!fs.existsSync(from)) throw new Error(`There is no database at ${from}.`);
  if (fs.existsSync(to)) throw new Error(`${to} exists already: choose a new file for the backup.`);
  fs.mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
  const source = new SqliteDatabase(from, { readonly: true, fileMustExist: true });
  try {
    // All remaining pages in one step, within one read of the database: copied in small steps,
    // each write of the server between two steps would make SQLite start the copy again.
    await source.backup(to, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  return fs.statSync(to).size;
}

/**
 * Puts the backup `from` in place of the database `to`, after checking it is a whole SQLite
 * database of this application (integrity check, its migrations table). The copy goes through the
 * backup API too, so the target's write-ahead log is taken into account and never left half-old.
 */
export async function restoreSqlite(from: string, to: string): Promise<void> {
  if (!fs.existsSync(from)) throw new Error(`There is no backup at ${from}.`);
  const backup = new SqliteDatabase(from, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${from} is damaged (${String(check)}): not restored.`);
    const migrations = backup
      .prepare("select count(*) as n from sqlite_master where name = 'kysely_migration'")
      .get() as { n: number };
    if (migrations.n === 0) throw new Error(`${from} is not a backup of this application's database: not restored.`);
    fs.mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
    await backup.backup(to, { progress: () => ALL_PAGES });
  } finally {
    backup.close();
  }
}
