import { sql } from 'kysely';
import { FOLD_FROM, FOLD_TO } from '../sqliteFunctions.mjs';
import type { Engine } from '../connection.js';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * Every search finds a name typed without its marks ("nita" finds "Niță", "targuri" "Târguri",
 * the cedilla forms ş ţ too): a Romanian types on an English keyboard as often as not. The three
 * large searches (orders by customer, customers, products) read indexes of folded text, so the
 * text is folded where it is kept:
 * - PostgreSQL: the generated search_text columns of migrations 020, 021 and 065 become
 *   lower(translate(…, 'ĂÂÎȘŞȚŢăâîșşțţ', 'AAISSTTaaisstt')) of the same text (the letters of
 *   foldCase, db/sqliteFunctions.mjs, which folds the term the same way), and their indexes are
 *   built again (dropping the column dropped them). PostgreSQL 15 cannot change a generated
 *   column's expression in place.
 * - SQLite: the FTS5 trigram tables of migrations 006, 010 and 061 are built again with
 *   `remove_diacritics 1` (every mark dropped, case folded, on the texts and on the term), filled
 *   from their rows; the triggers that keep them name them and go on working. Each candidate is
 *   then checked with folded_contains / search_fold, which fold as foldCase does.
 * The small lists (sources, coupons, packages...) fold both sides as they compare (http/list.ts).
 */
export const SEARCH_TOKENIZER = 'trigram remove_diacritics 1';

const folded = (text: string) => sql.raw(`lower(translate(${text}, '${FOLD_FROM}', '${FOLD_TO}'))`);

/** Each FTS5 table and the text its triggers keep, as SQL over its table's row. */
const FTS_TABLES = [
  { table: 'products_search', fill: sql`select id, name || ' ' || sku from products` },
  {
    table: 'orders_search',
    fill: sql`select order_id, name || ' ' || coalesce(email, '') from order_customer_details`,
  },
  {
    table: 'company_customers_search',
    fill: sql`select (company_id << 32) | customer_id, name || ' ' || coalesce(email, '') from company_customers`,
  },
];

async function rebuildFts(db: AnyDb, tokenizer: string): Promise<void> {
  for (const { table, fill } of FTS_TABLES) {
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
    await sql`create virtual table ${sql.id(table)} using fts5(text, tokenize = ${sql.lit(tokenizer)})`.execute(db);
    await sql`insert into ${sql.id(table)} (rowid, text) ${fill}`.execute(db);
  }
}

/** The search_text column of a table, generated from `text` (SQL), and the indexes that read it. */
async function regenerate(db: AnyDb, table: string, text: ReturnType<typeof sql.raw>, indexes: string[]) {
  await sql`alter table ${sql.id(table)} drop column search_text`.execute(db);
  await sql`alter table ${sql.id(table)} add column search_text text generated always as (${text}) stored`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

const CUSTOMER_INDEXES = [
  'create index company_customers_company_search on company_customers (company_id, customer_id) include (search_text)',
  'create index company_customers_search_trgm on company_customers using gin (search_text public.gin_trgm_ops) with (fastupdate = off)',
];
const ORDER_INDEXES = [
  'create index order_customer_details_company_search on order_customer_details (company_id, order_id) include (search_text)',
  'create index order_customer_details_search_trgm on order_customer_details using gin (search_text public.gin_trgm_ops) with (fastupdate = off)',
];
const PRODUCT_INDEXES = [
  'create index products_search_trgm on products using gin (search_text public.gin_trgm_ops) with (fastupdate = off)',
];

async function regenerateAll(db: AnyDb, fold: (text: string) => ReturnType<typeof sql.raw>) {
  await regenerate(
    db,
    'company_customers',
    fold(`coalesce(name, '') || E'\\n' || coalesce(email, '')`),
    CUSTOMER_INDEXES,
  );
  await regenerate(
    db,
    'order_customer_details',
    fold(`coalesce(name, '') || E'\\n' || coalesce(email, '')`),
    ORDER_INDEXES,
  );
  await regenerate(db, 'products', fold(`name || E'\\n' || sku`), PRODUCT_INDEXES);
}

export const searchWithoutMarks: MigrationFactory = (engine: Engine) => ({
  async up(db: AnyDb) {
    if (engine === 'sqlite') await rebuildFts(db, SEARCH_TOKENIZER);
    else await regenerateAll(db, folded);
  },
  async down(db: AnyDb) {
    if (engine === 'sqlite') await rebuildFts(db, 'trigram');
    else await regenerateAll(db, (text) => sql.raw(`lower(${text})`));
  },
});
