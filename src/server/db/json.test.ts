import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fromBani } from '../../core/money.js';
import { JsonText } from '../http/jsonText.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  jsonBoolean,
  jsonItems,
  jsonLei,
  jsonObject,
  jsonObjectWhen,
  jsonValues,
  nestedItems,
  parsedJson,
} from './json.js';

/**
 * The answers the database writes as JSON text (jsonItems) on the engine under test: amounts equal
 * to fromBani's, booleans as JSON booleans, nested objects, nulls, text with quotes and diacritics,
 * and the order asked for.
 */
describe('JSON answers written by the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const BANI = [0, 1, 7, 10, 29, 99, 100, 7420, 12345, 100000, 33333, 123456789, 99999999999, -1, -7420];

  /** Rows of (n, bani, name) as a FROM clause both engines read. */
  const rowsFrom = (rows: [number, number, string | null][], alias = 'v') =>
    sql`from (${sql.join(
      rows.map(
        ([n, bani, name]) =>
          sql`select ${sql.lit(n)} as n, ${sql.lit(bani)} as bani, ${name === null ? sql`null` : sql.lit(name)} as name`,
      ),
      sql` union all `,
    )}) ${sql.raw(alias)}`;

  const read = async <T>(items: ReturnType<typeof jsonItems>) => {
    const { rows } = await sql<{ items: string }>`select ${items} as items`.execute(t.db.kysely);
    expect(typeof rows[0].items).toBe('string');
    return new JsonText<T>(rows[0].items).value();
  };

  it('writes amounts in lei as fromBani does, in the order asked', async () => {
    const rows = BANI.map((bani, i): [number, number, string | null] => [i, bani, null]);
    for (const dir of ['asc', 'desc'] as const) {
      const items = await read<{ n: number; lei: number }[]>(
        jsonItems(
          t.db.engine,
          [
            ['n', sql.ref('v.n')],
            ['lei', jsonLei(t.db.engine, sql.ref('v.bani'))],
          ],
          { by: 'n', dir },
          rowsFrom(rows),
        ),
      );
      const expected = BANI.map((bani, n) => ({ n, lei: fromBani(bani) }));
      expect(items).toEqual(dir === 'asc' ? expected : expected.reverse());
    }
  });

  it('writes booleans, nulls, text and nested objects', async () => {
    const items = await read<unknown[]>(
      jsonItems(
        t.db.engine,
        [
          ['n', sql.ref('v.n')],
          ['big', jsonBoolean(t.db.engine, sql`v.bani > 100`)],
          [
            'inner',
            [
              ['name', sql.ref('v.name')],
              ['twice', sql`v.bani * 2`],
            ],
          ],
        ],
        { by: 'n', dir: 'asc' },
        rowsFrom([
          [1, 50, 'Ștefan "Ță" \\ Îon'],
          [2, 500, null],
        ]),
      ),
    );
    expect(items).toEqual([
      { n: 1, big: false, inner: { name: 'Ștefan "Ță" \\ Îon', twice: 100 } },
      { n: 2, big: true, inner: { name: null, twice: 1000 } },
    ]);
  });

  it('answers an empty array when there is no row', async () => {
    const items = await read<unknown[]>(
      jsonItems(
        t.db.engine,
        [['n', sql.ref('v.n')]],
        { by: 'n', dir: 'asc' },
        sql`${rowsFrom([[1, 1, null]])} where v.n > 1`,
      ),
    );
    expect(items).toEqual([]);
  });

  it('writes one object as text, with an object only when its condition holds and a nested list', async () => {
    const engine = t.db.engine;
    const one = async (n: number) => {
      const { rows } = await sql<{ item: string }>`select ${jsonObject(engine, [
        ['n', sql.ref('v.n')],
        ['lei', jsonLei(engine, sql.ref('v.bani'))],
        ['named', jsonObjectWhen(engine, sql`v.name is not null`, [['name', sql.ref('v.name')]])],
        [
          'below',
          nestedItems(
            engine,
            [['m', sql.ref('w.n')]],
            { by: 'm', dir: 'desc' },
            sql`${rowsFrom(
              [
                [1, 0, null],
                [2, 0, null],
                [3, 0, null],
              ],
              'w',
            )} where w.n <= v.n`,
          ),
        ],
      ])} as item ${rowsFrom([
        [1, 7420, 'Ștefan "Ță"'],
        [2, 99, null],
      ])} where v.n = ${n}`.execute(t.db.kysely);
      expect(typeof rows[0].item).toBe('string');
      return new JsonText(rows[0].item).value();
    };
    expect(await one(1)).toEqual({ n: 1, lei: fromBani(7420), named: { name: 'Ștefan "Ță"' }, below: [{ m: 1 }] });
    expect(await one(2)).toEqual({ n: 2, lei: fromBani(99), named: null, below: [{ m: 2 }, { m: 1 }] });
  });

  it('refuses, when the statement is built, an object of more fields than the database functions take', () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => [`f${i}`, sql.lit(i)] as const);
    expect(() => jsonObject(t.db.engine, fields(50))).not.toThrow();
    expect(() => jsonObject(t.db.engine, fields(51))).toThrow(/at most 50 fields, not 51/);
    expect(() => jsonObject(t.db.engine, [['inner', fields(51)]])).toThrow(/not 51/);
  });

  it("answers a column's values over many rows as one array in one row, and [] for none", async () => {
    const values = async (rows: [number, number, string | null][]) => {
      const { rows: answer } = await sql<{
        ids: number[] | string;
      }>`select ${jsonValues(t.db.engine, sql`v.n`)} as ids ${rowsFrom(rows)}`.execute(t.db.kysely);
      expect(answer).toHaveLength(1);
      return parsedJson(answer[0].ids);
    };
    const many = Array.from({ length: 201 }, (_, i): [number, number, string | null] => [1000 + i, 0, null]);
    expect((await values(many)).sort((a, b) => a - b)).toEqual(many.map(([n]) => n));
    expect(await values([[7, 0, null]])).toEqual([7]);
    const { rows: none } = await sql<{
      ids: number[] | string;
    }>`select ${jsonValues(t.db.engine, sql`v.n`)} as ids ${rowsFrom([[1, 0, null]])} where v.n > 1`.execute(
      t.db.kysely,
    );
    expect(parsedJson(none[0].ids)).toEqual([]);
  });
});
