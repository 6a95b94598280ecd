import { createRequire } from 'node:module';
import type Pg from 'pg';

const require = createRequire(import.meta.url);
let loaded: typeof Pg | undefined;

/**
 * node-postgres, loaded when a PostgreSQL database is first opened rather than when the server
 * starts: a server on SQLite never uses it, and it holds about 1.6 MB of the heap once loaded.
 * Synchronous (`require`), so openDb stays synchronous.
 */
export function pgModule(): typeof Pg {
  if (!loaded) {
    loaded = require('pg') as typeof Pg;
    // PostgreSQL returns int8 (COUNT, bigint columns) as strings; every bigint we keep
    // (ids, Unix seconds, bani) fits in a JS number, so parse them as numbers everywhere.
    loaded.types.setTypeParser(20, (v) => Number(v));
  }
  return loaded;
}
