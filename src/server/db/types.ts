import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * The types the parts of db/ share, in a file that imports no code of db/: connection.ts builds
 * the database from the pieces of perf/ (the list cache, prepared queries, the read pool), so a
 * piece that needs one of these types takes it from here, never from connection.ts, and the
 * imports run one way (connection.ts -> perf/ -> types.ts). The modules import them from
 * connection.ts, which re-exports them.
 */

export type Engine = 'sqlite' | 'postgres';

/**
 * What a query function runs on: the database or an open transaction (a Transaction is a Kysely).
 * Functions in a module's queries.ts take one of these, never the request.
 */
export type Executor = Kysely<Database>;
