import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { createAppSchema, createTestSchema } from './pgSchemas.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * A condition on a list of varchar values (a partial index's, a trigger's) is written back by
 * PostgreSQL with each value cast instead of the list: `(ARRAY['a'::character varying])::text[]`
 * becomes `ARRAY[('a'::character varying)::text]`, the same condition. Both are written the first way.
 */
const sameCondition = (text: string) =>
  text
    .replace(/\('((?:[^'\\]|'')*)'::character varying\)::text/g, "'$1'::character varying")
    .replace(/\(\(ARRAY\[([^\]]*)\]\)::text\[\]\)/g, '(ARRAY[$1])');

/** What a schema is made of, its own name written as S: the copy and the migrated schema must agree on all of it. */
async function anatomy(db: Db, schema: string) {
  const q = async (query: ReturnType<typeof sql>) =>
    JSON.parse(
      sameCondition(JSON.stringify((await query.execute(db.kysely)).rows).replaceAll(schema, 'S')),
    ) as unknown[];
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = ${schema} and table_type = 'BASE TABLE' order by 1`.execute(db.kysely)
  ).rows.map((r) => r.name);
  const rows: Record<string, unknown> = {};
  for (const table of tables) {
    // The migration log holds when each ran: its names are what must match.
    const text = table === 'kysely_migration' ? sql.raw(`t.name`) : sql.raw(`t::text`);
    rows[table] = (
      await sql<{
        rows: string;
      }>`select count(*)::text || ':' || coalesce(md5(string_agg(${text}, ',' order by ${text})), '')
        as rows from ${sql.id(schema, table)} t`.execute(db.kysely)
    ).rows[0].rows;
  }
  return {
    tables,
    // In their order: a dropped column leaves a gap in the positions of the migrated table, not of its copy.
    columns: await q(sql`select table_name, column_name, data_type, column_default, is_nullable
      from information_schema.columns where table_schema = ${schema} order by table_name, ordinal_position`),
    indexes: await q(
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema} order by 1, 2`,
    ),
    constraints: await q(sql`select c.relname, k.conname, pg_get_constraintdef(k.oid) as def from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} order by 1, 2`),
    triggers: await q(sql`select c.relname, t.tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not t.tgisinternal order by 1, 2`),
    functions: await q(sql`select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema} order by 1`),
    views: await q(sql`select viewname, definition from pg_views where schemaname = ${schema} order by 1`),
    sequences: await q(sql`select sequencename, last_value from pg_sequences where schemaname = ${schema} order by 1`),
    rows,
  };
}

describe.runIf(pgUrl)("a test app's PostgreSQL schema", () => {
  it('is a copy of the run’s migrated template, the same in every table, index, constraint, trigger, function and row as a schema the migrations make', async () => {
    expect(inject('pgTemplate')?.script).toContain('CREATE TABLE');
    const migrated = openDb(pgUrl!, { schema: await createTestSchema(pgUrl!, 'm') });
    const copy = openDb(pgUrl!, { schema: await createAppSchema(pgUrl!) });
    try {
      await migrateToLatest(migrated);
      const [made, copied] = [await anatomy(migrated, migrated.schema!), await anatomy(copy, copy.schema!)];
      expect(made.tables.length).toBeGreaterThan(50);
      expect(made.triggers.length).toBeGreaterThan(0);
      expect(copied).toEqual(made);
    } finally {
      await copy.close();
      await migrated.close();
    }
  });
});
