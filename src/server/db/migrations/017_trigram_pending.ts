import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * PostgreSQL's GIN indexes gather new entries in a pending list (`fastupdate`) that every search
 * must read in full until a vacuum merges it. After a bulk load of a catalogue that list held
 * hundreds of thousands of entries, and the planner, seeing it, gave up on the trigram index and
 * scanned the table. The trigram indexes of migration 006 now write straight into the
 * index (as the orders' indexes of migration 010 already do): a write costs a little more, every
 * search costs the same. The list built so far is merged now. SQLite has no such thing.
 */
const TRIGRAM_INDEXES = [
  'products_name_trgm',
  'products_sku_trgm',
  'return_requests_full_name_trgm',
  'return_requests_phone_number_trgm',
  'return_requests_email_trgm',
  'return_requests_iban_trgm',
];

export const trigramPending: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'postgres') return;
    for (const index of TRIGRAM_INDEXES) {
      await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
      // Resolved through the search path, so each schema cleans its own index.
      await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
    }
  },
  async down(db: AnyDb) {
    if (engine !== 'postgres') return;
    for (const index of TRIGRAM_INDEXES) await sql`alter index ${sql.id(index)} reset (fastupdate)`.execute(db);
  },
});
