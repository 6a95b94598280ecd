import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '../connection.js';
import { statementCache } from './sqliteStatements.mjs';

describe('prepared statements by SQL text', () => {
  it('prepares a SQL text once and hands the same statement back', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const prepare = statementCache(sqlite);
    const a = prepare('select ? as x');
    expect(prepare('select ? as x')).toBe(a);
    expect(prepare('select ? as y')).not.toBe(a);
    expect(a.all(3)).toEqual([{ x: 3 }]);
    sqlite.close();
  });

  it('keeps at most its bound, the oldest text leaving first', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const prepare = statementCache(sqlite, 2);
    const first = prepare('select 1');
    const second = prepare('select 2');
    prepare('select 3');
    expect(prepare('select 2')).toBe(second);
    expect(prepare('select 1')).not.toBe(first);
    sqlite.close();
  });

  it('gives a fresh statement while the cached one is still stepping through rows', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const prepare = statementCache(sqlite);
    const rows = prepare('select 1 as n union all select 2').iterate();
    expect(rows.next().value).toEqual({ n: 1 });
    expect(prepare('select 1 as n union all select 2').all()).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    sqlite.close();
  });

  it('a cached statement sees a table changed after it was prepared', async () => {
    const db = openDb('sqlite::memory:');
    await db.kysely.schema.createTable('t').addColumn('a', 'integer').execute();
    await db.kysely
      .insertInto('t' as never)
      .values({ a: 1 } as never)
      .execute();
    const read = () =>
      db.kysely
        .selectFrom('t' as never)
        .selectAll()
        .execute();
    expect(await read()).toEqual([{ a: 1 }]);
    await db.kysely.schema
      .alterTable('t')
      .addColumn('b', 'text', (c) => c.defaultTo('x'))
      .execute();
    expect(await read()).toEqual([{ a: 1, b: 'x' }]);
    await db.close();
  });
});
