import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * PostgreSQL: the customers search by name or email (modules/customers/queries.ts) as the orders
 * search reads order_customer_details (migration 020), instead of ILIKE on the name and the email
 * through one trigram index each (059), which cost two bitmaps of every trigram of the term, OR-ed,
 * for the count and again for the page (10 ms each for "Maria Moldovan" at a million orders).
 * - search_text: the name and email folded once, when written, by a generated column
 *   (lower(name || line feed || email)), kept by the database whoever writes the row. The search
 *   compares it with plain LIKE against lower(pattern): ILIKE in a UTF-8 database lower-cases both
 *   sides of every comparison with the same lower(), so it finds exactly what ILIKE found (no
 *   diacritics folded, the case of every letter), without folding every row on every search. The
 *   line feed keeps a term without one from matching across the two.
 * - (company_id, customer_id) INCLUDE (search_text): the company's newest customers walked, and
 *   each checked, from the index alone (a common term fills the count among them).
 * - One trigram index of the folded text, probed with two of the term's trigrams, replaces the
 *   two of 059 (no longer read by anything; each write kept them both).
 * SQLite searches through its FTS5 table (migration 061): nothing to do there.
 */
export const customerSearchText: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'postgres') return;
    await sql`alter table company_customers add column search_text text generated always as (lower(coalesce(name, '') || E'\n' || coalesce(email, ''))) stored`.execute(
      db,
    );
    await sql`create index company_customers_company_search on company_customers (company_id, customer_id) include (search_text)`.execute(
      db,
    );
    await sql`create index company_customers_search_trgm on company_customers using gin (search_text public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    await sql`drop index if exists company_customers_name_trgm`.execute(db);
    await sql`drop index if exists company_customers_email_trgm`.execute(db);
  },
  async down(db: AnyDb) {
    if (engine !== 'postgres') return;
    await sql`create index company_customers_name_trgm on company_customers using gin (name public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    await sql`create index company_customers_email_trgm on company_customers using gin (email public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    await sql`drop index if exists company_customers_search_trgm`.execute(db);
    await sql`drop index if exists company_customers_company_search`.execute(db);
    await sql`alter table company_customers drop column search_text`.execute(db);
  },
});
