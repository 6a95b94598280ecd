import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPng } from '../../lib/png.js';
import { sha256Hex } from '../../lib/hash.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { listProductsInParts } from './oneStatement.reference.js';
import { listProducts } from './list/index.js';
import { JsonText } from '../../http/jsonText.js';

/**
 * Both engines answer an unsearched page of products in one statement (count, rows, variations as
 * JSON); it must answer what the queries in parts answer, field by field, images included.
 */
let t: TestApp;
let u: TestUser;
const link = (id: number, sha: string) => `/image/${id}?sha=${sha}`;

beforeAll(async () => {
  t = await startTestApp();
  u = await t.signUp();
  const create = async (body: Record<string, unknown>) => {
    const res = await u.call('POST', '/api/v1/product', {
      body: { company_id: u.companyId, sale_type: 'Bucata', currency: 'RON', buying_price: 1, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const parents: number[] = [];
  for (let i = 1; i <= 6; i++)
    parents.push(await create({ name: `Cană ${i}`, sku: `C-${i}`, stock: i, selling_price: 10 + i }));
  const variations: number[] = [];
  for (const size of ['S', 'M', 'XL'])
    variations.push(
      await create({ name: `Geacă ${size}`, sku: `G-${size}`, parent_id: parents[4], stock: 2, selling_price: 300 }),
    );
  const picture = productPng(8, [120, 60, 30]);
  for (const id of [parents[4], variations[1], parents[0]])
    await t.db.kysely
      .insertInto('product_images')
      .values({
        product_id: id,
        mime: 'image/png',
        bytes: picture,
        size: picture.length,
        sha256: sha256Hex(picture),
        updated_at: 1,
      })
      .execute();
}, 120_000);
afterAll(() => t.close());

describe('the product list in one statement', () => {
  it('every page answers what the queries in parts answer', async () => {
    for (const [page, items] of [
      [1, 10],
      [1, 2],
      [2, 2],
      [3, 3],
      [5, 10],
    ]) {
      const one = await listProducts(t.db.kysely, t.db.engine, link, u.companyId, { page, items, search: '' });
      const parts = await listProductsInParts(t.db.kysely, link, u.companyId, { page, items });
      // The page is the JSON text the database wrote, the image links put in by the server.
      expect(one.data).toBeInstanceOf(JsonText);
      expect({ ...one, data: one.data.value() }, `page ${page} of ${items}`).toEqual(parts);
    }
    const all = await listProductsInParts(t.db.kysely, link, u.companyId, { page: 1, items: 10 });
    expect(all.meta.total).toBe(6);
    const withVariations = all.data.find((p) => p.variations.length > 0)!;
    expect(withVariations.variations.map((v) => v.sku)).toEqual(['G-S', 'G-M', 'G-XL']);
    expect(withVariations.image).not.toBeNull();
    expect(withVariations.variations[1].image).not.toBeNull();
  });

  it('a searched page answers the same products as the plain page, field by field', async () => {
    const all = (await listProductsInParts(t.db.kysely, link, u.companyId, { page: 1, items: 10 })).data;
    const searched = async (search: string, items = 10) =>
      (await listProducts(t.db.kysely, t.db.engine, link, u.companyId, { page: 1, items, search })).data.value();
    // Every product, through the index ("Cană", and "C-" on the SKUs) and through a short term's LIKE ("C").
    expect(await searched('Cană')).toEqual(all);
    expect(await searched('C-')).toEqual(all);
    expect(await searched('C')).toEqual(all);
    expect(await searched('C', 2)).toEqual(all.slice(0, 2));
    // A variation's SKU finds its parent, with every variation and their images.
    expect(await searched('G-M')).toEqual(all.filter((p) => p.variations.some((v) => v.sku === 'G-M')));
    expect(await searched('nothing like it')).toEqual([]);
  });

  it('puts a link only in the image fields, whatever a name says', async () => {
    const sha = 'a'.repeat(64);
    const res = await u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        name: `Cană ","image":"1:${sha}"`,
        description: `,"image":"2:${sha}"`,
        sku: 'HOSTILE-1',
        stock: 1,
        selling_price: 5,
        sale_type: 'Bucata',
        currency: 'RON',
        buying_price: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const one = await listProducts(t.db.kysely, t.db.engine, link, u.companyId, { page: 1, items: 10, search: '' });
    const page = one.data.value();
    expect(page[0].name).toBe(`Cană ","image":"1:${sha}"`);
    expect(page[0].description).toBe(`,"image":"2:${sha}"`);
    expect(page[0].image).toBeNull();
    expect(page).toEqual((await listProductsInParts(t.db.kysely, link, u.companyId, { page: 1, items: 10 })).data);
  });
});

describe.runIf(engineUnderTest === 'postgres')('the first page on PostgreSQL', () => {
  it('keeps one generic plan instead of being planned again on every run', async () => {
    await t.db.kysely.connection().execute(async (c) => {
      for (let i = 0; i < 8; i++)
        await listProducts(c, t.db.engine, link, u.companyId, { page: 1, items: 10, search: '' });
      const { rows } = await sql<{
        statement: string;
        generic_plans: number;
      }>`select statement, generic_plans from pg_prepared_statements`.execute(c);
      // The first page's text has its LIMIT and OFFSET written in (other pages bind the offset).
      const page = rows.find(
        (r) => r.statement.includes("list = 'products'") && /limit 10 offset 0\b/.test(r.statement),
      );
      expect(page).toBeDefined();
      // PostgreSQL plans the first five runs for their values, then compares with a generic plan.
      expect(Number(page?.generic_plans)).toBeGreaterThan(0);
    });
  });
});
