import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from '../db/connection.js';
import { startTestApp } from './harness.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/** The test set-up removes only what it made: its own schema, never the database or anything else in it. */
describe('test set-up', () => {
  it.skipIf(!pgUrl)('closing a test app drops its own schema and leaves every other schema and table', async () => {
    const admin = openDb(pgUrl!);
    const keep = `keep_${Date.now().toString(36)}`;
    try {
      await admin.kysely.schema.createSchema(keep).execute();
      await sql`create table ${sql.id(keep, 'notes')} (id integer primary key)`.execute(admin.kysely);
      await sql`insert into ${sql.id(keep, 'notes')} values (1)`.execute(admin.kysely);
      const t = await startTestApp();
      const own = t.db.schema!;
      expect(own).toMatch(/^t_[0-9a-f]{12}$/);
      await t.close();
      const schemas = (
        await sql<{ name: string }>`select nspname as name from pg_namespace`.execute(admin.kysely)
      ).rows.map((r) => r.name);
      expect(schemas).not.toContain(own);
      expect(schemas).toContain(keep);
      expect(schemas).toContain('public');
      const rows = await sql<{ id: number }>`select id from ${sql.id(keep, 'notes')}`.execute(admin.kysely);
      expect(rows.rows).toEqual([{ id: 1 }]);
    } finally {
      await admin.kysely.schema.dropSchema(keep).ifExists().cascade().execute();
      await admin.close();
    }
  });

  it('CI never drops a database: it creates the test database only when missing', () => {
    const ci = fs.readFileSync(path.join(import.meta.dirname, '../../../.ci/run'), 'utf8');
    const runner = fs.readFileSync(path.join(import.meta.dirname, '../../../scripts/test-all.mjs'), 'utf8');
    for (const text of [ci, runner]) {
      expect(text).not.toMatch(/drop\s+database|dropdb/i);
      expect(text).not.toMatch(/drop\s+schema/i);
    }
    expect(ci).toMatch(/createdb app_test/);
  });
});
