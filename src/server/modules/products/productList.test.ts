import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../core/api/products.js';
import type { TestApp, TestUser } from '../../test/harness.js';
import { statementCounter } from '../../test/counting.js';
import { listProducts } from './list/index.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import { fields, send, create, productsKit } from '../../test/productsKit.js';

// The products list: its pages and filters, the search index, and broad search on each database.
// The shared set-up is src/server/test/productsKit.ts.
const kit = productsKit();
let t: TestApp;
beforeAll(() => {
  t = kit.app();
});

describe('list', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await t.signUp();
    for (let i = 1; i <= 12; i++) await create(u, { name: `Produs simplu ${i}`, sku: `SIMPLU-${i}` });
    const geaca = await create(u, { name: 'Geacă de iarnă', sku: 'GEACA' });
    for (const [size, stock, price] of [
      ['S', 3, '300.00'],
      ['M', 5, '320.00'],
      ['XL', 0, '350.50'],
    ] as const) {
      await create(u, {
        name: `Geacă de iarnă ${size}`,
        sku: `GEACA-${size}-NEGRU`,
        parent_id: geaca.id,
        stock,
        selling_price: price,
      });
    }
  });

  it('pages top-level products, newest first, each with its variations', async () => {
    const res = await u.call('GET', '/api/v1/product?page=1&items=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 13, last_page: 3, current_page: 1, per_page: 5 });
    expect(body.data).toHaveLength(5);
    const first = body.data[0] as Product;
    expect(first.name).toBe('Geacă de iarnă');
    expect(first.stock).toBeNull();
    expect(first.variations.map((v) => [v.sku, v.stock, v.selling_price, v.parent_id])).toEqual([
      ['GEACA-S-NEGRU', 3, 300, first.id],
      ['GEACA-M-NEGRU', 5, 320, first.id],
      ['GEACA-XL-NEGRU', 0, 350.5, first.id],
    ]);
    expect(body.data.every((p: Product) => p.parent_id === null)).toBe(true);
    const last = (await u.call('GET', '/api/v1/product?page=3&items=5')).json();
    expect(last.data.map((p: Product) => p.sku)).toEqual(['SIMPLU-3', 'SIMPLU-2', 'SIMPLU-1']);
  });

  it('counts for the dashboard with items=1 (meta.total)', async () => {
    const res = await u.call('GET', '/api/v1/product?items=1');
    expect(res.json().meta.total).toBe(13);
    expect(res.json().data).toHaveLength(1);
  });

  it("finds a parent by a variation's SKU or name, and by its own name, case-insensitively", async () => {
    const bySku = (await u.call('GET', '/api/v1/product?search=xl-negru')).json();
    expect(bySku.meta.total).toBe(1);
    expect(bySku.data[0].sku).toBe('GEACA');
    expect(bySku.data[0].variations).toHaveLength(3);
    const byName = (await u.call('GET', `/api/v1/product?search=${encodeURIComponent('iarnă M')}`)).json();
    expect(byName.data.map((p: Product) => p.sku)).toEqual(['GEACA']);
    const simple = (await u.call('GET', '/api/v1/product?search=simplu 1&items=100')).json();
    expect(simple.data.map((p: Product) => p.sku).sort()).toEqual(['SIMPLU-1', 'SIMPLU-10', 'SIMPLU-11', 'SIMPLU-12']);
    // LIKE wildcards are searched literally.
    expect((await u.call('GET', '/api/v1/product?search=%25')).json().meta.total).toBe(0);
  });

  it('reads a page with a fixed number of queries, whatever its size (no query per row)', async () => {
    const original = { kysely: t.db.kysely, reads: t.db.reads };
    const queries = statementCounter();
    // The list reads through db.reads (the read pool on a SQLite file), the request's checks through kysely.
    t.db.kysely = original.kysely.withPlugin(queries.plugin);
    t.db.reads = original.reads.withPlugin(queries.plugin);
    try {
      const countFor = async (url: string) => {
        queries.count = 0;
        expect((await u.call('GET', url)).statusCode).toBe(200);
        return queries.count;
      };
      const small = await countFor('/api/v1/product?items=2');
      const large = await countFor('/api/v1/product?items=100');
      const searched = await countFor('/api/v1/product?items=100&search=negru');
      expect(large).toBe(small);
      // One statement for an unsearched page (count, parents, their variations), on both engines.
      expect(small).toBe(1);
      // A search probes the index, then reads its page with the page's variations in one statement.
      expect(searched).toBe(2);
    } finally {
      t.db.kysely = original.kysely;
      t.db.reads = original.reads;
    }
  });

  it('answers 422 for a bad page size', async () => {
    const res = await u.call('GET', '/api/v1/product?items=0&page=x');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['items', 'page']);
  });
});

describe('search index', () => {
  // SQLite answers searches of 3+ characters from an FTS5 trigram table kept by triggers, PostgreSQL
  // from trigram indexes: the answers must follow every change, as a plain scan would.
  const skus = async (u: TestUser, term: string) =>
    ((await u.call('GET', `/api/v1/product?items=100&search=${encodeURIComponent(term)}`)).json().data as Product[])
      .map((p) => p.sku)
      .sort();

  it('follows renames, SKU changes and deletes, cascades included', async () => {
    const u = await t.signUp();
    const parent = await create(u, { name: 'Ulcior de Horezu', sku: 'ULC-1' });
    const child = await create(u, {
      name: 'Ulcior de Horezu mare',
      sku: 'ULC-1-MARE',
      parent_id: parent.id,
      stock: 2,
      selling_price: '10.00',
    });
    expect(await skus(u, 'horezu')).toEqual(['ULC-1']);
    expect(await skus(u, '1-mare')).toEqual(['ULC-1']);

    const renamed = await send(
      u,
      'POST',
      `/api/v1/product/${child.id}`,
      fields({ name: 'Ulcior pictat', sku: 'ULC-1-PICT', stock: 2, selling_price: '10.00' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await skus(u, '1-mare')).toEqual([]);
    expect(await skus(u, '1-pict')).toEqual(['ULC-1']);

    expect((await u.call('DELETE', `/api/v1/product/${parent.id}`)).statusCode).toBe(200);
    expect(await skus(u, 'ulcior')).toEqual([]);
    const again = await create(u, { name: 'Ulcior nou', sku: 'ULC-2' });
    expect(await skus(u, 'ulcior')).toEqual([again.sku]);
  });

  it('matches any case of Romanian letters, short terms, and quotes or wildcards literally', async () => {
    const u = await t.signUp();
    await create(u, { name: 'CANĂ ȘTIRBĂ "veche" 100%', sku: 'CN-1' });
    await create(u, { name: 'Farfurie', sku: 'FR-1' });
    expect(await skus(u, 'cană')).toEqual(['CN-1']);
    expect(await skus(u, 'știrbă')).toEqual(['CN-1']);
    expect(await skus(u, '"veche"')).toEqual(['CN-1']);
    expect(await skus(u, '100%')).toEqual(['CN-1']);
    expect(await skus(u, 'FR')).toEqual(['FR-1']);
    expect(await skus(u, 'zzz')).toEqual([]);
  });

  it('never matches a term across the name and the SKU', async () => {
    // PostgreSQL searches name and SKU folded into one text joined by a line feed (migration 021).
    const u = await t.signUp();
    await create(u, { name: 'Vas mare', sku: 'ABC-7' });
    expect(await skus(u, 'mare\nabc')).toEqual([]);
    expect(await skus(u, 'e\na')).toEqual([]);
    expect(await skus(u, 'MARE')).toEqual(['ABC-7']);
    expect(await skus(u, 'abc-7')).toEqual(['ABC-7']);
  });
});

describe('broad search', () => {
  const now = Math.floor(Date.now() / 1000);
  const row = (u: TestUser, name: string, sku: string, parent_id: number | null = null) => ({
    company_id: u.companyId,
    parent_id,
    name,
    description: null,
    sku,
    sale_type: 'Bucata',
    stock: 1,
    selling_price: 100,
    buying_price: 50,
    currency: 'RON',
    created_at: now,
    updated_at: now,
  });
  type Page = { data: Product[]; meta: { total: number; total_exact?: boolean; last_page: number } };

  it('cuts the pages of a narrow term from the matches the index gave, past the end included', async () => {
    const u = await t.signUp();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++)
      ids.push(
        (
          await t.db.kysely
            .insertInto('products')
            .values(row(u, `Ulcior ${i}`, `U-${i}`))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Farfurie', 'F-1'))
      .execute();
    // A variation's match brings its parent, once.
    const parent = await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Cană', 'C-1'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('products')
      .values([row(u, 'Cană ulcior S', 'C-1-S', parent.id), row(u, 'Cană ulcior M', 'C-1-M', parent.id)])
      .execute();
    const newestFirst = [parent.id, ...ids.reverse()];

    const third = (await u.call('GET', '/api/v1/product?items=10&page=3&search=ULCIOR')).json() as Page;
    expect(third.meta).toEqual({ total: 26, last_page: 3, current_page: 3, per_page: 10 });
    expect(third.data.map((p) => p.id)).toEqual(newestFirst.slice(20));
    const first = (await u.call('GET', '/api/v1/product?items=10&search=ulcior')).json() as Page;
    expect(first.data.map((p) => p.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.data[0].variations.map((v) => v.sku)).toEqual(['C-1-S', 'C-1-M']);
    const past = (await u.call('GET', '/api/v1/product?items=10&page=4&search=ulcior')).json() as Page;
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 26, last_page: 3 });
  });

  it('counts a term that matches many variations of few products exactly', async () => {
    const u = await t.signUp();
    // 40 products of 6 matching variations each: 240 matching rows, more than the index probe
    // reads (201), yet only 40 products, so the total is exact.
    for (let i = 0; i < 40; i++) {
      const parent = await t.db.kysely
        .insertInto('products')
        .values(row(u, `Camasa ${i}`, `C-${i}`))
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('products')
        .values(
          ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((size) =>
            row(u, `Camasa ${i} marimea ${size}`, `C-${i}-${size}`, parent.id),
          ),
        )
        .execute();
    }
    await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Farfurie', 'F-1'))
      .execute();
    const res = (await u.call('GET', '/api/v1/product?items=10&search=marimea')).json() as Page;
    expect(res.meta).toEqual({ total: 40, last_page: 4, current_page: 1, per_page: 10 });
    expect(res.data.map((p) => p.sku)).toEqual(Array.from({ length: 10 }, (_, k) => `C-${39 - k}`));
  });

  it('walks a broad term newest first, matches variations in any ASCII case, and bounds the total', async () => {
    const u = await t.signUp();
    // More matches than the count's window (200), so the search takes the broad path (the walk).
    const rows = Array.from({ length: 1200 }, (_, i) =>
      i % 10 === 5 ? row(u, `Farfurie ${i}`, `F-${i}`) : row(u, `Vas de Horezu ${i}`, `V-${i}`),
    );
    for (let i = 0; i < rows.length; i += 200)
      await t.db.kysely
        .insertInto('products')
        .values(rows.slice(i, i + 200))
        .execute();
    const ulcior = await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Ulcior', 'U-1'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Ulcior HOREZU mic', 'U-1-MIC', ulcior.id))
      .execute();
    const newest = await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Farfurie nouă', 'F-NEW'))
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await u.call('GET', '/api/v1/product?items=10&search=horezu');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Product[]; meta: { total: number; total_exact?: boolean; last_page: number } };
    expect(body.meta).toMatchObject({ total: 200, total_exact: false, last_page: 21 });
    expect(body.data[0].sku).toBe('U-1');
    expect(body.data.map((p) => p.id)).toEqual([...body.data.map((p) => p.id)].sort((a, b) => b - a));
    expect(body.data.every((p) => /horezu/i.test(p.name) || p.variations.some((v) => /horezu/i.test(v.name)))).toBe(
      true,
    );
    expect(body.data.some((p) => p.id === newest.id)).toBe(false);

    // A deep page: the bound follows the offset (990 + 200), past the 1,081 matches, so exact.
    const deep = (await u.call('GET', '/api/v1/product?items=10&search=HOREZU&page=100')).json() as {
      data: Product[];
      meta: { total: number; total_exact?: boolean };
    };
    expect(deep.meta.total).toBe(1081);
    expect(deep.meta.total_exact).toBeUndefined();
    expect(deep.data).toHaveLength(10);
    expect(deep.data.every((p) => /horezu/i.test(p.name))).toBe(true);
  });
  it('takes %, _ and a backslash in a broad term literally', async () => {
    const u = await t.signUp();
    // Each term matches more rows than the count's window (200), so it is walked; the rows it
    // would match if its %, _ or backslash were read as LIKE's own are the newest, met first.
    for (const [name, lookalike] of [
      ['Vas 100% lut', 'Vas 1000 lut'],
      ['Oala_mare', 'Oala mare'],
      ['Back\\slash', 'Backslash'],
    ]) {
      await t.db.kysely
        .insertInto('products')
        .values(Array.from({ length: 205 }, (_, i) => row(u, `${name} ${i}`, `${name}-${i}`)))
        .execute();
      await t.db.kysely
        .insertInto('products')
        .values(Array.from({ length: 5 }, (_, i) => row(u, `${lookalike} ${i}`, `${lookalike}-${i}`)))
        .execute();
    }
    for (const [term, name] of [
      ['100%', 'Vas 100% lut'],
      ['a_m', 'Oala_mare'],
      ['k\\s', 'Back\\slash'],
    ]) {
      const res = await u.call('GET', `/api/v1/product?items=10&search=${encodeURIComponent(term)}`);
      const body = res.json() as Page;
      expect(body.meta, term).toMatchObject({ total: 200, total_exact: false });
      expect(
        body.data.map((p) => p.name.replace(/ \d+$/, '')),
        term,
      ).toEqual(Array(10).fill(name));
    }
  });

  it('on PostgreSQL, the walk of a broad term is one prepared statement whatever the term', async (ctx) => {
    if (t.db.engine !== 'postgres') return ctx.skip();
    const u = await t.signUp();
    await t.db.kysely
      .insertInto('products')
      .values(
        Array.from({ length: 450 }, (_, i) => row(u, `${['Ulcior', 'Farfurie', 'Cană'][i % 3]} de lut ${i}`, `L-${i}`)),
      )
      .execute();
    const link = () => '';
    await t.db.kysely.connection().execute(async (c) => {
      const walks = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c)).rows.filter(
          (r) => r.statement.startsWith(ONE_PLAN) && r.statement.includes('products'),
        ).length;
      const search = async (term: string) => {
        const page = await listProducts(c, t.db.engine, link, u.companyId, { page: 1, items: 10, search: term });
        expect(page.meta, term).toMatchObject({ total: 200, total_exact: false });
      };
      await search('de lut');
      const known = await walks();
      expect(known).toBeGreaterThan(0);
      // Another broad term walks with the same statement, parsed and planned once on the connection.
      for (const term of ['DE LUT', ' lut', 'e l']) await search(term);
      expect(await walks()).toBe(known);
    });
  });
});
