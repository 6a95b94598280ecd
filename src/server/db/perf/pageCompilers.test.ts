import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from '../connection.js';
import type { Database } from '../schema.js';
import { PostgresPageCompiler, PostgresPageDialect } from './pageCompilers.js';

describe('SQLite pages: LIMIT and OFFSET written in, not bound', () => {
  const db = openDb('sqlite::memory:');

  it('writes integer limits and offsets into the SQL and binds the rest', () => {
    const q = db.kysely
      .selectFrom('sources')
      .select('id')
      .where('company_id', '=', 7)
      .orderBy('id', 'desc')
      .limit(10)
      .offset(20)
      .compile();
    expect(q.sql).toMatch(/limit 10 offset 20$/);
    expect(q.parameters).toEqual([7]);
  });

  it('leaves anything that is not a safe integer bound', () => {
    const odd = db.kysely
      .selectFrom('sources')
      .select('id')
      .limit(2.5)
      .offset(2 ** 60)
      .compile();
    expect(odd.sql).toMatch(/limit \? offset \?$/);
    expect(odd.parameters).toEqual([2.5, 2 ** 60]);
    const expression = db.kysely
      .selectFrom('sources')
      .select('id')
      .limit(sql<number>`1 + 1`)
      .compile();
    expect(expression.sql).toMatch(/limit 1 \+ 1$/);
  });

  it('runs: the rows of a page are the same as with bound values', async () => {
    const rows = await sql<{
      n: number;
    }>`with recursive s(n) as (select 1 union all select n + 1 from s where n < 30) select n from s`.execute(db.kysely);
    expect(rows.rows).toHaveLength(30);
    const page = await db.kysely
      .selectFrom(
        sql<{
          n: number;
        }>`(with recursive s(n) as (select 1 union all select n + 1 from s where n < 30) select n from s)`.as('s'),
      )
      .select('n')
      .orderBy('n')
      .limit(5)
      .offset(10)
      .execute();
    expect(page.map((r) => r.n)).toEqual([11, 12, 13, 14, 15]);
  });
});

describe('PostgreSQL pages: LIMIT and the first page written in, other offsets bound', () => {
  const compiler = new PostgresPageCompiler();
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => compiler,
    },
  });
  const page = (offset: number) =>
    db.selectFrom('sources').select('id').where('company_id', '=', 7).orderBy('id', 'desc').limit(10).offset(offset);

  it('writes the limit and an offset of 0 into the SQL', () => {
    const q = page(0).compile();
    expect(q.sql).toMatch(/limit 10 offset 0$/);
    expect(q.parameters).toEqual([7]);
  });

  it('binds any other offset, so a deep page adds no statement text', () => {
    const q = page(20).compile();
    expect(q.sql).toMatch(/limit 10 offset \$2$/);
    expect(q.parameters).toEqual([7, 20]);
    expect(page(30).compile().sql).toBe(q.sql);
  });

  it('is the compiler of the PostgreSQL connection', () => {
    expect(new PostgresPageDialect({ pool: {} as never }).createQueryCompiler()).toBeInstanceOf(PostgresPageCompiler);
  });
});
