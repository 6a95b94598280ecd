import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';

// PostgreSQL only: SQLite has no GIN index and so no pending list.
describe.runIf(engineUnderTest === 'postgres')('migration 017: trigram indexes write straight into the index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('every trigram GIN index has fastupdate off, so a bulk load never leaves a pending list to scan', async () => {
    const { rows } = await sql<{
      name: string;
      options: string[] | null;
    }>`select c.relname as name, c.reloptions as options
      from pg_class c join pg_index i on i.indexrelid = c.oid join pg_am am on am.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
      where am.amname = 'gin' and n.nspname = current_schema()`.execute(t.db.kysely);
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'products_search_trgm',
        'return_requests_iban_trgm',
        'order_customer_details_search_trgm',
      ]),
    );
    for (const r of rows)
      expect({ index: r.name, options: r.options }).toEqual({
        index: r.name,
        options: expect.arrayContaining(['fastupdate=off']),
      });
  });
});
