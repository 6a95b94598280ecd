import { sql } from 'kysely';
import type { Engine } from '../connection.js';
import { SEARCH_TOKENIZER } from './084_search_without_marks.js';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * SQLite: the customers search by name or email (`%term%`, modules/customers/queries.ts) finds its
 * candidates in an FTS5 trigram table over the company's view of each customer instead of reading
 * every customer of the company (295,000 at a million orders), as the products (006) and orders
 * (010) searches do. PostgreSQL has its own indexes (059, then 065): nothing to do there.
 * - Its rowid is the company in the high 32 bits and the customer in the low ones
 *   (customerSearchRowid): ids of both fit in 31 bits, so a company's customers are one range of
 *   rowids in customer order, and the search walks that range newest first and stops at the count
 *   bound, as the list is ordered, instead of gathering every match and sorting it.
 * - The text is the name and the email as the company knows them (the phone is searched by its
 *   normalised number, on its own index).
 * - Kept by triggers in the writing transaction, whoever writes (the customers module, a bulk
 *   seed, a company's deletion cascading), and filled from the rows already there. A change of the
 *   customer (a new phone moves the company's view to another person) moves the rowid.
 */
export const customerSearchSqlite: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await createCustomerSearch(db, engine);
  },
  async down(db: AnyDb) {
    await dropCustomerSearch(db, engine);
  },
});

/** The rowid of the company's customer in company_customers_search, as SQL over the two ids. */
const rowidOf = (row: 'new' | 'old') => sql.raw(`(${row}.company_id << 32) | ${row}.customer_id`);
const textOf = (row: 'new' | 'old') => sql.raw(`${row}.name || ' ' || coalesce(${row}.email, '')`);

/**
 * The table, its triggers and its rows; a no-op on PostgreSQL. Exported so a bulk load (the
 * benchmark) can drop it, load, and build it once.
 */
export async function createCustomerSearch(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  // The tokenizer the migrations end with (084: marks dropped), so a bulk load building it anew builds that.
  await sql`create virtual table company_customers_search using fts5(text, tokenize = ${sql.lit(SEARCH_TOKENIZER)})`.execute(
    db,
  );
  await sql`insert into company_customers_search (rowid, text)
    select (company_id << 32) | customer_id, name || ' ' || coalesce(email, '') from company_customers`.execute(db);
  await sql`create trigger company_customers_search_insert after insert on company_customers begin
    insert into company_customers_search (rowid, text) values (${rowidOf('new')}, ${textOf('new')}); end`.execute(db);
  await sql`create trigger company_customers_search_update after update of company_id, customer_id, name, email on company_customers begin
    delete from company_customers_search where rowid = ${rowidOf('old')};
    insert into company_customers_search (rowid, text) values (${rowidOf('new')}, ${textOf('new')}); end`.execute(db);
  await sql`create trigger company_customers_search_delete after delete on company_customers begin
    delete from company_customers_search where rowid = ${rowidOf('old')}; end`.execute(db);
}

export async function dropCustomerSearch(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  for (const t of [
    'company_customers_search_insert',
    'company_customers_search_update',
    'company_customers_search_delete',
  ])
    await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  await sql`drop table if exists company_customers_search`.execute(db);
}
