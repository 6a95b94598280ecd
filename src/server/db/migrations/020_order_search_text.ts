import { sql } from 'kysely';
import type { Engine } from '../connection.js';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * PostgreSQL: the customer detail's name and email folded once, when written, into one stored
 * column the name search compares with plain LIKE. ILIKE lower-cases both sides of
 * every comparison (a UTF-8 database folds through lower()), about 0.4 µs a row, most of what a
 * search of "Maria Moldovan" cost at a million orders; LIKE on the folded text is a byte compare.
 * - A generated column: the database keeps it on every insert and every update of the name or
 *   email, whichever code writes them (the orders service, the bulk seed, a later module), and
 *   it folds with lower() under the column's collation, exactly what ILIKE does to both sides,
 *   so the search compares with `search_text like lower(pattern)` and finds what ILIKE found
 *   (Romanian letters included; a test checks ă â î ș ț and their capitals).
 * - Name and email joined by a line feed: a term without one cannot match across the two; the
 *   search checks the columns themselves when a term has one (a line feed inside a name).
 * - The covering index of the company's walk carries the folded text instead of name and email,
 *   and one trigram index on it replaces the two on name and email (one posting list per
 *   trigram to intersect instead of two, OR-ed).
 * SQLite searches through its FTS5 table (migration 010), unchanged: nothing to do there.
 */
export const orderSearchText: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'postgres') return;
    await sql`alter table order_customer_details add column search_text text generated always as (lower(coalesce(name, '') || E'\n' || coalesce(email, ''))) stored`.execute(
      db,
    );
    await sql`drop index if exists order_customer_details_company`.execute(db);
    await sql`create index order_customer_details_company_search on order_customer_details (company_id, order_id) include (search_text)`.execute(
      db,
    );
    await dropNameEmailTrigrams(db);
    await createOrderSearchText(db, engine);
  },
  async down(db: AnyDb) {
    if (engine !== 'postgres') return;
    await dropOrderSearchText(db, engine);
    await sql`create index order_customer_details_name_trgm on order_customer_details using gin (name public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    await sql`create index order_customer_details_email_trgm on order_customer_details using gin (email public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    await sql`drop index if exists order_customer_details_company_search`.execute(db);
    await sql`create index order_customer_details_company on order_customer_details (company_id, order_id) include (name, email)`.execute(
      db,
    );
    await sql`alter table order_customer_details drop column search_text`.execute(db);
  },
});

const dropNameEmailTrigrams = async (db: AnyDb) => {
  await sql`drop index if exists order_customer_details_name_trgm`.execute(db);
  await sql`drop index if exists order_customer_details_email_trgm`.execute(db);
};

/**
 * The trigram index of the folded text (fastupdate off, as every trigram index: no pending list
 * for the planner to distrust after bulk writes). Exported so a bulk load (the benchmark) can drop
 * it, load, and build it once; a no-op on SQLite, whose search table is migration 010's.
 */
export async function createOrderSearchText(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create index order_customer_details_search_trgm on order_customer_details using gin (search_text public.gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
}

export async function dropOrderSearchText(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`drop index if exists order_customer_details_search_trgm`.execute(db);
}
