import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type Db } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';
import { createTestSchema } from '../../test/pgSchemas.js';

// PostgreSQL only (a schema of its own in TEST_DATABASE_URL): on SQLite the migration does nothing,
// its customers search has the FTS5 table of 061; the search's tests run on both engines
// (modules/customers/customerSearch.test.ts).
const pgUrl = process.env.TEST_DATABASE_URL;
let db: Db;
beforeAll(async () => {
  // Dropped when the run ends (pgSchemas.ts).
  if (pgUrl) db = openDb(pgUrl, { schema: await createTestSchema(pgUrl, 'm') });
});
afterAll(async () => {
  if (pgUrl) await db.close();
});

it.skipIf(!pgUrl)(
  "065 folds the customers already there into the search text, swaps 059's indexes for its own, and its down puts them back",
  async () => {
    const provider = {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, m(db.engine)])) as Record<string, Migration>,
    };
    // On one connection, as migrateToLatest runs them: Kysely's lock is a session lock.
    const migrator = {
      run: (step: (m: Migrator) => ReturnType<Migrator['migrateTo']>) =>
        db.onOneConnection((kysely) =>
          step(new Migrator({ db: kysely, provider, allowUnorderedMigrations: true, migrationTableSchema: db.schema })),
        ),
      migrateTo: (name: string) => migrator.run((m) => m.migrateTo(name)),
      migrateDown: () => migrator.run((m) => m.migrateDown()),
    };
    await migrator.migrateTo('063_order_filter_kept_counts');
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const id = async (table: string, values: Record<string, unknown>) =>
      ((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
    const company = await id('companies', {
      name: 'C',
      vat_number: 'RO1',
      vat_payer: 0,
      administrator_name: 'A',
      active: 1,
      created_at: 1,
      updated_at: 1,
    });
    const people = [
      { name: 'ȘTEFAN Țăranu', email: 'Stefan.Taranu@Exemplu.RO' },
      { name: 'Ioana ÎNTÂI', email: null },
    ];
    for (const [i, p] of people.entries()) {
      const phone = `+4074000000${i}`;
      const customer = await id('customers', { phone_number: phone, created_at: 1, updated_at: 1 });
      await k
        .insertInto('company_customers')
        .values({
          company_id: company,
          customer_id: customer,
          phone_number: phone,
          ...p,
          orders_count: 1,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
    }
    const indexes = async () =>
      (
        await sql<{
          indexname: string;
        }>`select indexname from pg_indexes where schemaname = ${db.schema!} and tablename = 'company_customers' order by 1`.execute(
          db.kysely,
        )
      ).rows.map((r) => r.indexname);
    expect(await indexes()).toEqual(
      expect.arrayContaining(['company_customers_email_trgm', 'company_customers_name_trgm']),
    );

    await migrator.migrateTo('065_customer_search_text');
    const { rows } = await sql<{
      search_text: string;
    }>`select search_text from company_customers order by customer_id`.execute(db.kysely);
    expect(rows.map((r) => r.search_text)).toEqual(['ștefan țăranu\nstefan.taranu@exemplu.ro', 'ioana întâi\n']);
    const after = await indexes();
    expect(after).toEqual(
      expect.arrayContaining(['company_customers_company_search', 'company_customers_search_trgm']),
    );
    expect(after).not.toContain('company_customers_name_trgm');
    expect(after).not.toContain('company_customers_email_trgm');

    // The database keeps the column on a write whoever makes it.
    await k.updateTable('company_customers').set({ email: 'Ioana@Exemplu.ro' }).where('email', 'is', null).execute();
    const { rows: changed } = await sql<{
      search_text: string;
    }>`select search_text from company_customers where email is not null order by customer_id desc limit 1`.execute(
      db.kysely,
    );
    expect(changed[0]!.search_text).toBe('ioana întâi\nioana@exemplu.ro');

    const { error } = await migrator.migrateDown();
    expect(error).toBeUndefined();
    const { rows: columns } = await sql<{
      column_name: string;
    }>`select column_name from information_schema.columns where table_schema = ${db.schema!} and table_name = 'company_customers'`.execute(
      db.kysely,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('search_text');
    const down = await indexes();
    expect(down).toEqual(expect.arrayContaining(['company_customers_email_trgm', 'company_customers_name_trgm']));
    expect(down).not.toContain('company_customers_search_trgm');
    await migrateToLatest(db);
  },
);
