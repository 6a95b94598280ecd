import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The tables of ANNOUNCED_TABLES (perf/listCache.ts) when this migration shipped (a migration never
 * changes).
 */
const TABLES = ['companies', 'company_users', 'sources', 'packages', 'order_discounts', 'messages'];

/**
 * PostgreSQL: every write to a table a small list reads announces itself to every server process
 * (NOTIFY list_changes, payload `schema.table`), which drop their copies of those lists
 * (perf/listCache.ts, perf/listChanges.ts). One notification per statement, not per row, and
 * PostgreSQL sends it when the transaction commits (never for a rolled-back one) and only once for
 * the same payload in one transaction. Triggers see every write, whatever code or tool makes it,
 * cascades of a deleted company included. SQLite is one process: nothing to announce.
 */
export const listChanges: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'postgres') return;
    await sql`create function announce_list_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('list_changes', tg_table_schema || '.' || tg_table_name);
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql`create trigger ${sql.id(`${table}_list_change`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function announce_list_change()`.execute(db);
    }
  },
  async down(db: AnyDb) {
    if (engine !== 'postgres') return;
    for (const table of TABLES)
      await sql`drop trigger if exists ${sql.id(`${table}_list_change`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists announce_list_change()`.execute(db);
  },
});
