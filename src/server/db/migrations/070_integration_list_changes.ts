import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/** The tables this migration adds to ANNOUNCED_TABLES (perf/listCache.ts); a migration never changes. */
const TABLES = ['company_integrations', 'integrations'];

/**
 * PostgreSQL: the company's set-ups (company_integrations with their integration) are kept in
 * memory like the small lists (perf/listCache.ts), so every write to them announces itself to
 * every server process as migration 022's tables do (its function announce_list_change). An AWB
 * create read them on every call (a round trip for rows that change when a seller sets up a
 * courier). SQLite is one process: nothing to announce.
 */
export const integrationListChanges: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'postgres') return;
    for (const table of TABLES)
      await sql`create trigger ${sql.id(`${table}_list_change`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function announce_list_change()`.execute(db);
  },
  async down(db: AnyDb) {
    if (engine !== 'postgres') return;
    for (const table of TABLES)
      await sql`drop trigger if exists ${sql.id(`${table}_list_change`)} on ${sql.table(table)}`.execute(db);
  },
});
