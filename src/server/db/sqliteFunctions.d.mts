import type SqliteDatabase from 'better-sqlite3';

/** The Romanian letters with marks (ă â î ș ş ț ţ, both cases) and the letters they fold to, one for one. */
export declare const FOLD_FROM: string;
export declare const FOLD_TO: string;
/** Lower case, one letter for one (İ folds to i, as SQLite's FTS5 folds it), Romanian letters without marks. */
export declare const foldCase: (s: string) => string;
/** Registers `folded_contains(needle, a, b...)` and `search_fold(text)` on a connection (see sqliteFunctions.mjs). */
export declare function registerSearchFunctions(sqlite: SqliteDatabase.Database): void;
