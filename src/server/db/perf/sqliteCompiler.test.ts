import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from '../connection.js';

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
