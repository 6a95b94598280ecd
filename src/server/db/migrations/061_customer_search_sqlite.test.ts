import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type Db } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { customerSearchSqlite } from './061_customer_search_sqlite.js';
import { migrations } from './index.js';

// SQLite only: on PostgreSQL the migration does nothing (its customers search has the folded
// search text of 065), and the search's tests run on both engines (modules/customers/customerSearch.test.ts).
const onSqlite = !process.env.TEST_DATABASE_URL;
let db: Db;
beforeAll(() => {
  db = openDb('sqlite::memory:');
});
afterAll(() => db.close());

const searchRows = async () =>
  (
    await sql<{
      id: number;
      text: string;
    }>`select rowid as id, text from company_customers_search order by rowid`.execute(db.kysely)
  ).rows;

const matching = async (phrase: string) =>
  (
    await sql<{
      id: number;
    }>`select rowid as id from company_customers_search where company_customers_search match ${phrase} order by rowid`.execute(
      db.kysely,
    )
  ).rows.map((r) => r.id);

it.skipIf(!onSqlite)(
  '061 fills the search table from the customers already there, keyed by company and customer, and its down removes it',
  async () => {
    const provider = {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, m(db.engine)])) as Record<string, Migration>,
    };
    await new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true }).migrateTo('059_customer_search');
    const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const company = async (name: string) =>
      (
        (await k
          .insertInto('companies')
          .values({
            name,
            vat_number: `RO${name}`,
            vat_payer: 0,
            administrator_name: 'A',
            active: 1,
            created_at: 1,
            updated_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()) as { id: number }
      ).id;
    const [a, b] = [await company('1'), await company('2')];
    const person = async (phone: string) =>
      (
        (await k
          .insertInto('customers')
          .values({ phone_number: phone, created_at: 1, updated_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()) as { id: number }
      ).id;
    const [shared, own] = [await person('+40740000001'), await person('+40740000002')];
    const view = (companyId: number, customerId: number, name: string, email: string | null) => ({
      company_id: companyId,
      customer_id: customerId,
      phone_number: companyId === a && customerId === own ? '+40740000002' : '+40740000001',
      name,
      email,
      orders_count: 1,
      created_at: 1,
      updated_at: 1,
    });
    await k
      .insertInto('company_customers')
      .values([
        view(a, shared, 'Ion Țăranu', 'ion@exemplu.ro'),
        view(b, shared, 'Maria Ionescu', null),
        view(a, own, 'Ana Pop', null),
      ])
      .execute();

    await migrateToLatest(db);
    const key = (companyId: number, customerId: number) => companyId * 2 ** 32 + customerId;
    const filled = [
      { id: key(a, shared), text: 'Ion Țăranu ion@exemplu.ro' },
      { id: key(a, own), text: 'Ana Pop ' },
      { id: key(b, shared), text: 'Maria Ionescu ' },
    ];
    expect(await searchRows()).toEqual(filled);
    // The trigram index folds case; the same person in two companies is two rows.
    expect(await matching('"ion"')).toEqual([key(a, shared), key(b, shared)]);
    expect(await matching('"ĂRA"')).toEqual([key(a, shared)]);

    await customerSearchSqlite(db.engine).down!(db.kysely);
    const left = await sql<{
      name: string;
    }>`select name from sqlite_schema where name like 'company_customers_search%'`.execute(db.kysely);
    expect(left.rows).toEqual([]);
    await customerSearchSqlite(db.engine).up(db.kysely);
    expect(await searchRows()).toEqual(filled);
  },
);
