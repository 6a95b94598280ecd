/**
 * SQL functions of our own on every SQLite connection: the main one (connection.ts) and each reader
 * of the read pool (perf/sqliteReader.worker.mjs), so a query means the same wherever it runs. Plain
 * JavaScript because the pool's workers run without a TypeScript loader.
 */

/** Lower case, one letter for one (İ folds to i, as SQLite's FTS5 folds it, not to i plus a dot). */
export const foldCase = (s) => s.replace(/\u0130/g, 'i').toLowerCase();

/**
 * `folded_contains(needle, a, b...)`: whether any of the texts contains the needle, case folded
 * letter by letter as the FTS5 trigram index folds them (so ă matches Ă, unlike LIKE, which folds
 * ASCII only). A search asks the index for a few of the term's trigrams and checks each candidate
 * with this, instead of making FTS5 intersect every trigram of a long term.
 */
export function registerSearchFunctions(sqlite) {
  sqlite.function('folded_contains', { deterministic: true, varargs: true }, (needle, ...texts) => {
    const term = foldCase(String(needle));
    return texts.some((t) => typeof t === 'string' && foldCase(t).includes(term)) ? 1 : 0;
  });
}
