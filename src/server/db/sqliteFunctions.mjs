/**
 * SQL functions of our own on every SQLite connection: the main one (connection.ts) and each reader
 * of the read pool (perf/sqliteReader.worker.mjs), so a query means the same wherever it runs. Plain
 * JavaScript because the pool's workers run without a TypeScript loader.
 */

/**
 * The Romanian letters a search finds when typed without their marks (ă â î ș ț, and the cedilla
 * forms ş ţ that older keyboards and shops still send), in capitals and small letters, and the
 * letters each stands for, one for one: PostgreSQL's translate() takes the same two strings
 * (http/list.ts, migration 084), so both engines fold alike.
 */
export const FOLD_FROM = 'ĂÂÎȘŞȚŢăâîșşțţ';
export const FOLD_TO = 'AAISSTTaaisstt';
const FOLDED = /[ĂÂÎȘŞȚŢăâîșşțţ]/g;

/**
 * The form every search compares: lower case, one letter for one (İ folds to i, as SQLite's FTS5
 * folds it, not to i plus a dot), the Romanian letters without their marks, so "nita" finds
 * "Niță" and "TARGURI" finds "Târguri".
 */
export const foldCase = (s) =>
  s
    .replace(/\u0130/g, 'i')
    .replace(FOLDED, (c) => FOLD_TO[FOLD_FROM.indexOf(c)])
    .toLowerCase();

/**
 * `folded_contains(needle, a, b...)`: whether any of the texts contains the needle, folded by
 * foldCase as the FTS5 trigram index folds them (its tokenizer removes diacritics, migration 084:
 * so ă matches Ă and a, unlike LIKE, which folds ASCII only). A search asks the index for a few of the term's trigrams and checks each candidate
 * with this, instead of making FTS5 intersect every trigram of a long term.
 */
export function registerSearchFunctions(sqlite) {
  sqlite.function('folded_contains', { deterministic: true, varargs: true }, (needle, ...texts) => {
    const term = foldCase(String(needle));
    return texts.some((t) => typeof t === 'string' && foldCase(t).includes(term)) ? 1 : 0;
  });
  /** `search_fold(text)`: the text as foldCase folds it (null stays null), for LIKE on both sides. */
  sqlite.function('search_fold', { deterministic: true }, (text) => (typeof text === 'string' ? foldCase(text) : text));
}
