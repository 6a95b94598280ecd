import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { SEARCH_COUNT_WINDOW, searchCountBound } from '../../core/api/list.js';
import { foldCase } from '../db/connection.js';
import { boundedCount, keptCount, pageMeta, trigramFragments } from './list.js';

/** The list machinery of issue 10: kept counts, bounded counts, and what the meta says. */
let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.signUp();
});
afterAll(() => t.close());

const product = (sku: string, extra: Record<string, unknown> = {}) => ({ name: `Produs ${sku}`, sku, sale_type: 'Bucata', stock: 1, selling_price: 1, buying_price: 1, currency: 'RON', ...extra });
const realCount = async (companyId: number) => Number((await t.db.kysely.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).where('parent_id', 'is', null).executeTakeFirstOrThrow()).n);

describe('kept counts (list_counts, kept by triggers)', () => {
  it('follow every create and delete of top-level products, not of variations, per company', async () => {
    const other = await t.signUp();
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await u.call('POST', '/api/v1/product', { body: product(`K-${i}`) })).json().data.id);
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
    expect(pageMeta({ total: 1000, exact: false }, 1, 10)).toEqual({ total: 1000, last_page: 101, current_page: 1, per_page: 10, total_exact: false });
    expect(pageMeta({ total: 25, exact: true }, 2, 10)).toEqual({ total: 25, last_page: 3, current_page: 2, per_page: 10 });
  });
});

describe('search helpers', () => {
  it('counts a window of 200 beyond the page\'s start, and at least the whole page', () => {
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

  it('folds case letter by letter as the FTS5 index does', () => {
    expect(foldCase('ȘTEFAN Ăla')).toBe('ștefan ăla');
    expect(foldCase('İon')).toBe('ion');
  });
});

