import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * Substring search (`ILIKE '%term%'`) cannot use a b-tree index; on PostgreSQL, trigram GIN indexes
 * serve it, so a search over a large catalogue reads the matching rows instead of every row of the
 * company. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. It lives
 * in `public` so that every schema's indexes find its operator class. SQLite has no equivalent
 * without a separate full-text table; there the search reads the company's rows (see README).
 */
const INDEXES: [table: string, column: string][] = [
  ['products', 'name'],
  ['products', 'sku'],
  ['return_requests', 'full_name'],
  ['return_requests', 'phone_number'],
  ['return_requests', 'email'],
  ['return_requests', 'iban'],
];

export const searchIndexes: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'postgres') return;
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    for (const [table, column] of INDEXES) {
      await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (${sql.ref(column)} public.gin_trgm_ops)`.execute(db);
    }
  },
  async down(db: AnyDb) {
    if (engine !== 'postgres') return;
    for (const [table, column] of INDEXES) await sql`drop index if exists ${sql.id(`${table}_${column}_trgm`)}`.execute(db);
  },
});
