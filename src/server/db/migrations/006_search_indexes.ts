import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * Substring search (`%term%`) cannot use a b-tree index. Each engine gets the index that serves it:
 *
 * - PostgreSQL: trigram GIN indexes (pg_trgm, a trusted extension since PostgreSQL 13, so the
 *   database owner may create it). It lives in `public` so that every schema's indexes find its
 *   operator class. The planner uses them for ILIKE on these columns.
 * - SQLite: an FTS5 table with the trigram tokenizer over each product's name and SKU, kept in step
 *   by triggers (foreign-key cascades fire them too). Its rowid is the product id.
 */
const PG_INDEXES: [table: string, column: string][] = [
  ['products', 'name'],
  ['products', 'sku'],
  ['return_requests', 'full_name'],
  ['return_requests', 'phone_number'],
  ['return_requests', 'email'],
  ['return_requests', 'iban'],
];

export const searchIndexes: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`create extension if not exists pg_trgm schema public`.execute(db);
      for (const [table, column] of PG_INDEXES) {
        await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (${sql.ref(column)} public.gin_trgm_ops)`.execute(
          db,
        );
      }
      return;
    }
    await sql`create virtual table products_search using fts5(text, tokenize = 'trigram')`.execute(db);
    await sql`insert into products_search (rowid, text) select id, name || ' ' || sku from products`.execute(db);
    await sql`create trigger products_search_insert after insert on products begin
      insert into products_search (rowid, text) values (new.id, new.name || ' ' || new.sku); end`.execute(db);
    await sql`create trigger products_search_update after update of name, sku on products begin
      update products_search set text = new.name || ' ' || new.sku where rowid = new.id; end`.execute(db);
    await sql`create trigger products_search_delete after delete on products begin
      delete from products_search where rowid = old.id; end`.execute(db);
  },
  async down(db: AnyDb) {
    if (engine === 'postgres') {
      for (const [table, column] of PG_INDEXES)
        await sql`drop index if exists ${sql.id(`${table}_${column}_trgm`)}`.execute(db);
      return;
    }
    for (const t of ['products_search_insert', 'products_search_update', 'products_search_delete'])
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    await sql`drop table if exists products_search`.execute(db);
  },
});
