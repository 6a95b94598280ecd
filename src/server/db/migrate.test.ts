import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { createTestSchema } from '../test/pgSchemas.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('migrations on a PostgreSQL database shared with other schemas', () => {
  it('migrate a schema while another schema of the database already has its migration tables', async () => {
    // Dropped when the run ends (test/pgSchemas.ts).
    const schemas = [await createTestSchema(pgUrl!, 'm'), await createTestSchema(pgUrl!, 'm')];
    {
      for (const s of schemas) {
        const db = openDb(pgUrl!, { schema: s });
        try {
          await migrateToLatest(db);
          const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
          expect(tables.filter((x) => x.schema === s).map((x) => x.name)).toContain('kysely_migration');
        } finally {
          await db.close();
        }
      }
    }
  });

  it('a second process migrates while the first one, migrated, stays open (the lock is not left held)', async () => {
    const schema = await createTestSchema(pgUrl!, 'm');
    const first = openDb(pgUrl!, { schema });
    const second = openDb(pgUrl!, { schema });
    try {
      await migrateToLatest(first);
      // The first keeps its connections open and idle, as a running server does.
      await first.kysely.selectFrom('users').select('id').execute();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'still waiting'>(
        (resolve) => (timer = setTimeout(() => resolve('still waiting'), 10_000)),
      );
      expect(await Promise.race([migrateToLatest(second).then(() => 'migrated'), waited])).toBe('migrated');
      clearTimeout(timer);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("lists only the tables of its own schema, so another schema's tables dropped meanwhile cannot fail a migration", async () => {
    const [own, other] = [await createTestSchema(pgUrl!, 'm'), await createTestSchema(pgUrl!, 'm')];
    const admin = openDb(pgUrl!);
    const db = openDb(pgUrl!, { schema: own });
    try {
      await sql`create table ${sql.id(other, 'neighbour')} (id serial primary key)`.execute(admin.kysely);
      await sql`create table ${sql.id(own, 'mine')} (id serial primary key)`.execute(admin.kysely);
      const tables = await db.kysely.introspection.getTables();
      expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([`${own}.mine`]);
      expect(tables[0].columns).toMatchObject([{ name: 'id', isAutoIncrementing: true, isNullable: false }]);
    } finally {
      await db.close();
      await admin.close();
    }
  });
});
