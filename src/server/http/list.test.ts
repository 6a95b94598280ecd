import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { statementCounter } from '../test/counting.js';
import { SEARCH_COUNT_WINDOW, searchCountBound } from '../../core/api/list.js';
import { foldCase } from '../db/connection.js';
import { boundedCount, endOfList, keptCount, pageMeta, paginate, trigramFragments } from './list.js';

/** The list machinery that keeps lists fast at a million rows: kept counts, bounded counts, and what the meta says. */
let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.signUp();
});
afterAll(() => t.close());

const product = (sku: string, extra: Record<string, unknown> = {}) => ({
  name: `Produs ${sku}`,
  sku,
  sale_type: 'Bucata',
  stock: 1,
  selling_price: 1,
  buying_price: 1,
  currency: 'RON',
  ...extra,
});
const realCount = async (companyId: number) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .where('parent_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('kept counts (list_counts, kept by triggers)', () => {
  it('follow every create and delete of top-level products, not of variations, per company', async () => {
    const other = await t.signUp();
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1)
      ids.push((await u.call('POST', '/api/v1/product', { body: product(`K-${i}`) })).json().data.id);
    await other.call('POST', '/api/v1/product', { body: product('OTHER-1') });
    await u.call('POST', '/api/v1/product', { body: product('K-0-V', { parent_id: ids[0] }) });
    expect(await keptCount(t.db.kysely, u.companyId, 'products')).toEqual({ total: 4, exact: true });
    expect((await keptCount(t.db.kysely, other.companyId, 'products')).total).toBe(1);
    await u.call('DELETE', `/api/v1/product/${ids[0]}`); // with its variation
    await u.call('DELETE', `/api/v1/product/${ids[1]}`);
    expect((await keptCount(t.db.kysely, u.companyId, 'products')).total).toBe(await realCount(u.companyId));
    expect((await keptCount(t.db.kysely, u.companyId, 'products')).total).toBe(2);
    const list = (await u.call('GET', '/api/v1/product?items=1')).json();
    expect(list.meta).toEqual({ total: 2, last_page: 2, current_page: 1, per_page: 1 });
  });

  it('a company with no products counts 0', async () => {
    const empty = await t.signUp();
    expect((await empty.call('GET', '/api/v1/product')).json().meta.total).toBe(0);
  });
});

describe('lists that end on the page they show', () => {
  it('take the total from a page that is not full, and count only a full page or an empty one past the first', async () => {
    const c = await t.signUp();
    const now = Math.floor(Date.now() / 1000);
    await t.db.kysely.deleteFrom('sources').where('company_id', '=', c.companyId).execute();
    await t.db.kysely
      .insertInto('sources')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          company_id: c.companyId,
          source: `Canal ${i}`,
          source_key: `canal ${i}`,
          active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const queries = statementCounter();
    const exec = t.db.kysely.withPlugin(queries.plugin);
    const page = async (n: number, items: number) => {
      queries.count = 0;
      const res = await paginate(exec.selectFrom('sources').select('id').where('company_id', '=', c.companyId), {
        page: n,
        items,
        order: (q) => q.orderBy('id', 'desc'),
        map: (r) => r.id,
      });
      return { ids: res.data.length, meta: res.meta, queries: queries.count };
    };
    // Short pages: the rows are the end of the list, so no count.
    expect(await page(1, 10)).toEqual({
      ids: 7,
      meta: { total: 7, last_page: 1, current_page: 1, per_page: 10 },
      queries: 1,
    });
    expect(await page(2, 5)).toEqual({
      ids: 2,
      meta: { total: 7, last_page: 2, current_page: 2, per_page: 5 },
      queries: 1,
    });
    // A full page may have more after it; a page past the end must still learn the last page.
    expect(await page(1, 5)).toEqual({
      ids: 5,
      meta: { total: 7, last_page: 2, current_page: 1, per_page: 5 },
      queries: 2,
    });
    expect(await page(1, 7)).toEqual({
      ids: 7,
      meta: { total: 7, last_page: 1, current_page: 1, per_page: 7 },
      queries: 2,
    });
    expect(await page(4, 5)).toEqual({
      ids: 0,
      meta: { total: 7, last_page: 2, current_page: 4, per_page: 5 },
      queries: 2,
    });
    // Through the API, every page size and page agrees with a count of the rows.
    for (const items of [1, 2, 3, 7, 10]) {
      for (let n = 1; n <= 9; n += 1) {
        const meta = (await c.call('GET', `/api/v1/source?items=${items}&page=${n}`)).json().meta;
        expect(meta).toEqual({ total: 7, last_page: Math.ceil(7 / items), current_page: n, per_page: items });
      }
    }
  });

  it('an empty first page is an empty list', () => {
    expect(endOfList(0, 0, 10)).toEqual({ total: 0, exact: true });
    expect(endOfList(0, 20, 10)).toBeUndefined();
    expect(endOfList(10, 0, 10)).toBeUndefined();
    expect(endOfList(3, 20, 10)).toEqual({ total: 23, exact: true });
  });
});

describe('bounded counts for searches', () => {
  it('counts exactly below the bound and stops at it above', async () => {
    const c = await t.signUp();
    for (let i = 0; i < 6; i += 1) await c.call('POST', '/api/v1/product', { body: product(`B-${i}`) });
    const all = t.db.kysely.selectFrom('products').where('company_id', '=', c.companyId);
    expect(await boundedCount(t.db.kysely, all, 10)).toEqual({ total: 6, exact: true });
    expect(await boundedCount(t.db.kysely, all, 6)).toEqual({ total: 6, exact: true });
    expect(await boundedCount(t.db.kysely, all, 3)).toEqual({ total: 3, exact: false });
  });

  it('an inexact total says so and offers one page beyond the bound', () => {
    expect(pageMeta({ total: 1000, exact: false }, 1, 10)).toEqual({
      total: 1000,
      last_page: 101,
      current_page: 1,
      per_page: 10,
      total_exact: false,
    });
    expect(pageMeta({ total: 25, exact: true }, 2, 10)).toEqual({
      total: 25,
      last_page: 3,
      current_page: 2,
      per_page: 10,
    });
  });
});

describe('search helpers', () => {
  it("counts a window of 200 beyond the page's start, and at least the whole page", () => {
    expect(SEARCH_COUNT_WINDOW).toBe(200);
    expect(searchCountBound(0, 10)).toBe(200);
    expect(searchCountBound(490, 10)).toBe(690);
    expect(searchCountBound(0, 1000)).toBe(1000);
    expect(searchCountBound(2000, 1000)).toBe(3000);
  });

  it('asks a trigram index for the first three letters of the first long word and the last three of the last', () => {
    expect(trigramFragments('Maria Moldovan')).toEqual(['Mar', 'van']);
    expect(trigramFragments('Popescu')).toEqual(['Pop', 'scu']);
    expect(trigramFragments('Pop')).toEqual(['Pop']);
    expect(trigramFragments('POPpop')).toEqual(['POP']);
    expect(trigramFragments('ion.popa@yahoo.ro')).toEqual(['ion', 'hoo']);
    expect(trigramFragments('Ștefan Țurcanu')).toEqual(['Ște', 'anu']);
    // Words of one or two letters give the index nothing to look for.
    expect(trigramFragments('a b')).toEqual([]);
    expect(trigramFragments('Ma Mo')).toEqual([]);
    expect(trigramFragments('%_')).toEqual([]);
  });

  it('asks, when told, for the three letters in the middle of the longest word of five or more instead of the last', () => {
    expect(trigramFragments('Ștefănescu', { middle: true })).toEqual(['Ște', 'făn']);
    expect(trigramFragments('Maria Moldovan', { middle: true })).toEqual(['Mar', 'ldo']);
    expect(trigramFragments('Popescu', { middle: true })).toEqual(['Pop', 'pes']);
    // Words under five letters have no middle apart from their ends: the last three, as without.
    expect(trigramFragments('Ion Pop', { middle: true })).toEqual(['Ion', 'Pop']);
    expect(trigramFragments('Popa', { middle: true })).toEqual(['Pop', 'opa']);
    expect(trigramFragments('Pop', { middle: true })).toEqual(['Pop']);
    expect(trigramFragments('ION ionion', { middle: true })).toEqual(['ION', 'oni']);
    // The same fragment twice is asked once, whatever its case (the first "Aaa", the middle "aaa").
    expect(trigramFragments('Aaaaa', { middle: true })).toEqual(['Aaa']);
    expect(trigramFragments('a b', { middle: true })).toEqual([]);
  });

  it('folds case letter by letter as the FTS5 index does, and the marks of ă â î ș ț (ş ţ)', () => {
    expect(foldCase('ȘTEFAN Ăla')).toBe('stefan ala');
    expect(foldCase('Ţuică Ştiucă Âine Îi ţ ş')).toBe('tuica stiuca aine ii t s');
    expect(foldCase('İon')).toBe('ion');
  });
});
