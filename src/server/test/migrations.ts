import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openDb, type Db } from '../db/connection.js';
import { migrations } from '../db/migrations/index.js';
import { createTestSchema } from './pgSchemas.js';

/** Any table's rows, untyped: a migration's test writes tables as an older migration left them. */
export type AnyTables = Kysely<Record<string, Record<string, unknown>>>;

/**
 * A database for a migration's test, on the engine under test: in-memory SQLite, or a schema of its
 * own in TEST_DATABASE_URL's PostgreSQL, dropped after the file (it registers beforeAll/afterAll).
 * The test moves it to the migration before the one it tests, writes rows as they were, then runs
 * the migration: each step throws the migration's error.
 */
export function migrationTest() {
  const pgUrl = process.env.TEST_DATABASE_URL;
  let opened: Db | undefined;
  beforeAll(async () => {
    // On PostgreSQL dropped when the run ends, not when the file does (pgSchemas.ts).
    if (pgUrl) {
      opened = openDb(pgUrl, { schema: await createTestSchema(pgUrl, 'm') });
    } else {
      opened = openDb('sqlite::memory:');
    }
  });
  afterAll(async () => {
    await opened?.close();
  });
  const db = (): Db => {
    if (!opened) throw new Error('migrationTest: the database opens in beforeAll');
    return opened;
  };
  // On one connection, as migrateToLatest runs them: Kysely's lock is a session lock (db.onOneConnection).
  const migrator = (kysely: Kysely<unknown>) =>
    new Migrator({
      db: kysely,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, m(db().engine)])) as Record<
            string,
            Migration
          >,
      },
      allowUnorderedMigrations: true,
      migrationTableSchema: db().schema,
    });
  const ran = async (step: (m: Migrator) => ReturnType<Migrator['migrateTo']>) => {
    const { error } = await db().onOneConnection((kysely) => step(migrator(kysely as unknown as Kysely<unknown>)));
    if (error) throw error;
  };
  const tables = () => db().kysely as unknown as AnyTables;
  return {
    db,
    /** The database's tables, untyped. */
    tables,
    /** A company (its table is as the first migration made it): its id. */
    company: async (name = '1'): Promise<number> =>
      (
        (await tables()
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
      ).id,
    /** A row written as the table is at this migration: its id. */
    insert: async (table: string, values: Record<string, unknown>): Promise<number> =>
      ((await tables().insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number })
        .id,
    /** A customer (its table as the early migrations made it): its id. */
    customer: async (phone = '+40740000001'): Promise<number> =>
      (
        (await tables()
          .insertInto('customers')
          .values({ phone_number: phone, created_at: 1, updated_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()) as { id: number }
      ).id,
    /** Runs the migrations up (or down) to `name`. */
    migrateTo: (name: string) => ran((m) => m.migrateTo(name)),
    /** Undoes the last migration run. */
    migrateDown: () => ran((m) => m.migrateDown()),
  };
}
