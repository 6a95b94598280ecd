import type SqliteDatabase from 'better-sqlite3';

/** Rows ANALYZE reads per index: enough for the averages of sqlite_stat1, milliseconds at a million rows. */
export const ANALYSIS_LIMIT = 1000;

/**
 * Keeps the query planner's statistics of a SQLite file, once when the server opens it:
 * `PRAGMA optimize` analyses the tables that were never analysed or have grown a lot since (SQLite's
 * advice for long-lived connections), within ANALYSIS_LIMIT rows per index.
 *
 * The statistics are sqlite_stat1's averages only (rows per key of each index), never sqlite_stat4's
 * samples: better-sqlite3 is built with STAT4, and a statement whose plan looked at a sample for a
 * bound value is planned again on every run. Every list query binds its company, so every one of
 * them paid a second planning: the 3-row list of sources took 24 µs a run with samples and 10 µs
 * without. Our queries read one company's index range, where the averages choose the
 * same plans.
 */
export function keepPlannerStatistics(sqlite: SqliteDatabase.Database): void {
  sqlite.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  sqlite.pragma('optimize = 0x10002');
  const hasSamples = sqlite.prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'").get();
  if (!hasSamples) return;
  const { changes } = sqlite.prepare('delete from sqlite_stat4').run();
  // The planner read the statistics when it loaded the schema: have it read them again.
  if (changes > 0) sqlite.exec('analyze sqlite_schema');
}
