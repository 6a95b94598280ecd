import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The customers search by name or email (`%term%`, modules/customers/queries.ts) finds its matches
 * in an index instead of reading every customer of the company: on PostgreSQL trigram GIN indexes
 * on the company's view of each customer (company_customers' name and email), which ILIKE uses,
 * one bitmap per column joined for the query's OR. A rare name was a walk of all the company's
 * customers (295,000 at a million orders). SQLite keeps the walk (no index serves `LIKE '%term%'`
 * there; an FTS5 table kept by triggers would). As every trigram index here: fastupdate off, so a
 * bulk load never leaves a pending list for a search to scan.
 */
export const customerSearch: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'postgres') return;
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`create index company_customers_name_trgm on company_customers using gin (name public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    await sql`create index company_customers_email_trgm on company_customers using gin (email public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    if (engine !== 'postgres') return;
    await db.schema.dropIndex('company_customers_name_trgm').execute();
    await db.schema.dropIndex('company_customers_email_trgm').execute();
  },
});
