import type SqliteDatabase from 'better-sqlite3';

/** Lower case, one letter for one (İ folds to i, as SQLite's FTS5 folds it). */
export declare const foldCase: (s: string) => string;
/** Registers `folded_contains(needle, a, b...)` on a connection (see sqliteFunctions.mjs). */
export declare function registerSearchFunctions(sqlite: SqliteDatabase.Database): void;
