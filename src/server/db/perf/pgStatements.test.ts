import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatements, ONE_PLAN } from './pgStatements.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';

/** A client whose query() records what it was given, wrapped as the pool wraps its connections. */
function recordingClient(limit?: number) {
  const calls: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => (calls.push(args), Promise.resolve({ rows: [] })),
  } as unknown as pg.PoolClient;
  namedStatements(limit)(client);
  return { calls, query: client.query as unknown as (...args: unknown[]) => Promise<unknown> };
}

describe('named statements (PostgreSQL)', () => {
  it('names a text with values, the same name each time, another for another text', async () => {
    const { calls, query } = recordingClient();
    await query('select * from sources where company_id = $1', [1]);
    await query('select * from sources where company_id = $1', [2]);
    await query('select * from packages where company_id = $1', [1]);
    expect(calls).toEqual([
      [{ name: 'q1', text: 'select * from sources where company_id = $1', values: [1] }],
      [{ name: 'q1', text: 'select * from sources where company_id = $1', values: [2] }],
      [{ name: 'q2', text: 'select * from packages where company_id = $1', values: [1] }],
    ]);
  });

  it('leaves text searches, texts without values, other forms and texts beyond the limit unnamed', async () => {
    const { calls, query } = recordingClient(1);
    const search = `select id from products where company_id = $1 and (name ilike $2 escape '\\' or sku ILIKE $3 escape '\\') limit $4`;
    await query(search, [1, '%a%', '%a%', 201]);
    await query('select id from products where name like $1', ['%a%']);
    await query('begin', []);
    await query('commit');
    const named = { name: 'mine', text: 'select $1::int', values: [1] };
    await query(named);
    await query('select id from sources where company_id = $1', [1]);
    await query('select id from packages where company_id = $1', [1]);
    expect(calls).toEqual([
      [search, [1, '%a%', '%a%', 201]],
      ['select id from products where name like $1', ['%a%']],
      ['begin', []],
      ['commit'],
      [named],
      [{ name: 'q1', text: 'select id from sources where company_id = $1', values: [1] }],
      ['select id from packages where company_id = $1', [1]],
    ]);
  });

  it('names a text search marked as planned alike whatever its term', async () => {
    const { calls, query } = recordingClient();
    const search = `${ONE_PLAN} select id from company_customers where search_text like (select lower($1))`;
    await query(search, ['%a%']);
    await query(search, ['%b%']);
    await query(`select id from company_customers where search_text like $1 ${ONE_PLAN}`, ['%a%']);
    expect(calls).toEqual([
      [{ name: 'q1', text: search, values: ['%a%'] }],
      [{ name: 'q1', text: search, values: ['%b%'] }],
      // Only at the start: the mark is the first thing the author of the text wrote.
      [`select id from company_customers where search_text like $1 ${ONE_PLAN}`, ['%a%']],
    ]);
  });

  describe.runIf(engineUnderTest === 'postgres')('on the server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('prepares a repeated query once per connection and answers it as before', async () => {
      const user = await t.signUp();
      await t.db.transaction(async (c) => {
        const companies = () =>
          c.selectFrom('companies').select(['id', 'name']).where('id', '=', user.companyId).execute();
        const first = await companies();
        expect(await companies()).toEqual(first);
        expect(first).toHaveLength(1);
        await c
          .selectFrom('products')
          .select('id')
          .where('company_id', '=', user.companyId)
          .where('name', 'ilike', '%x%')
          .execute();
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
        const statements = rows.map((r) => r.statement);
        expect(statements.filter((s) => s.includes('from "companies"'))).toHaveLength(1);
        expect(statements.some((s) => s.includes('ilike'))).toBe(false);
      });
    });
  });
});
