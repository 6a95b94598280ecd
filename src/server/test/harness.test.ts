import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from '../db/connection.js';
import { startTestApp } from './harness.js';
import { dropRunSchemas, newTestRun } from './pgSchemas.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/** The test set-up removes only what it made: its own run's schemas, never the database or anything else in it. */
describe('test set-up', () => {
  it.skipIf(!pgUrl)(
    "a run's end drops its own schemas and stale runs' ones, and leaves every other schema and table",
    async () => {
      const admin = openDb(pgUrl!);
      const keep = `keep_${Date.now().toString(36)}`;
      const now = Date.now();
      const run = newTestRun(now);
      // Another run still going (started an hour ago), and one killed two days ago.
      const other = `t_${newTestRun(now - 3600_000)}_0123456789`;
      const stale = `m_${newTestRun(now - 2 * 86400_000)}_0123456789`;
      try {
        await admin.kysely.schema.createSchema(keep).execute();
        await sql`create table ${sql.id(keep, 'notes')} (id integer primary key)`.execute(admin.kysely);
        await sql`insert into ${sql.id(keep, 'notes')} values (1)`.execute(admin.kysely);
        for (const s of [other, stale]) await admin.kysely.schema.createSchema(s).execute();
        const t = await startTestApp();
        const own = t.db.schema!;
        expect(own).toMatch(/^t_[0-9a-z]{10}_[0-9a-f]{10}$/);
        await t.close();
        const mine = `t_${run}_0123456789`;
        await admin.kysely.schema.createSchema(mine).execute();
        expect((await dropRunSchemas(pgUrl!, run, now)).sort()).toEqual([mine, stale].sort());
        const schemas = (
          await sql<{ name: string }>`select nspname as name from pg_namespace`.execute(admin.kysely)
        ).rows.map((r) => r.name);
        expect(schemas).not.toContain(mine);
        expect(schemas).not.toContain(stale);
        // This run's app schema stays until this run ends; another run's stays until it does.
        expect(schemas).toContain(own);
        expect(schemas).toContain(other);
        expect(schemas).toContain(keep);
        expect(schemas).toContain('public');
        const rows = await sql<{ id: number }>`select id from ${sql.id(keep, 'notes')}`.execute(admin.kysely);
        expect(rows.rows).toEqual([{ id: 1 }]);
      } finally {
        for (const s of [keep, other]) await admin.kysely.schema.dropSchema(s).ifExists().cascade().execute();
        await admin.close();
      }
    },
  );

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
