import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { nowSeconds } from '../../lib/time.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let skuCounter = 0;
/** A product row straight in the table (the products module has its own tests). */
async function createProduct(companyId: number, name: string): Promise<number> {
  const now = nowSeconds();
  const row = await t.db.kysely
    .insertInto('products')
    .values({
      company_id: companyId,
      parent_id: null,
      name,
      description: null,
      sku: `SKU-${++skuCounter}`,
      sale_type: 'piece',
      stock: 10,
      selling_price: 1000,
      buying_price: 500,
      currency: 'RON',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createSource(u: TestUser, source = 'eMAG Marketplace'): Promise<number> {
  const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const endpoints = (base: string) =>
  [
    ['GET', base],
    ['GET', `${base}/1`],
    ['POST', base],
    ['POST', `${base}/1`],
    ['DELETE', `${base}/1`],
  ] as const;

describe('order discounts', () => {
  it('needs a signed-in user on every endpoint (401)', async () => {
    for (const [method, url] of endpoints('/api/v1/order-discount')) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-company-id': '1' },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates each type; money and percentages as two-decimal numbers; shipping stores no value', async () => {
    const u = await t.signUp();
    const sourceId = await createSource(u);
    const pct = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'percentage', order_value: '250.5', value: '12.5', company_id: u.companyId, source_id: sourceId },
    });
    expect(pct.statusCode).toBe(201);
    expect(pct.json().data).toMatchObject({
      type: 'percentage',
      order_value: 250.5,
      value: 12.5,
      company_id: u.companyId,
      source_id: sourceId,
      source: { id: sourceId, source: 'eMAG Marketplace' },
    });
    const amount = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'amount', order_value: 100, value: 0, company_id: u.companyId, source_id: sourceId },
    });
    expect(amount.json().data).toMatchObject({ type: 'amount', order_value: 100, value: 0 });
    const ship = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'shipping', order_value: 199.99, value: 15, company_id: u.companyId, source_id: sourceId },
    });
    expect(ship.statusCode).toBe(201);
    expect(ship.json().data).toMatchObject({ type: 'shipping', order_value: 199.99, value: null });
    // Stored as integers: bani, and hundredths of a percent.
    const rows = await t.db.kysely
      .selectFrom('order_discounts')
      .select(['type', 'order_value', 'value'])
      .where('company_id', '=', u.companyId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.type, Number(r.order_value), r.value === null ? null : Number(r.value)])).toEqual([
      ['percentage', 25050, 1250],
      ['amount', 10000, 0],
      ['shipping', 19999, null],
    ]);
  });

  it('refuses bad input with a message per field (422)', async () => {
    const u = await t.signUp();
    const sourceId = await createSource(u);
    const empty = await u.call('POST', '/api/v1/order-discount', { body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      type: ['Please select a type'],
      order_value: ['This field is required.'],
      value: ['This field is required.'],
      company_id: ['Please select a company'],
      source_id: ['Please select a source'],
    });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ type: 'percentage', order_value: 100 }, { value: ['This field is required.'] }],
      [{ type: 'percentage', order_value: 100, value: 100.01 }, { value: ['A percentage cannot be above 100.'] }],
      [{ type: 'percentage', order_value: 100, value: -1 }, { value: ['The value cannot be negative.'] }],
      [
        { type: 'amount', order_value: -0.01, value: -5 },
        { order_value: ['The value cannot be negative.'], value: ['The value cannot be negative.'] },
      ],
      [
        { type: 'amount', order_value: '12,345', value: 'abc' },
        { order_value: ['Use at most two decimals.'], value: ['Enter a number.'] },
      ],
      [{ type: 'free', order_value: 100, value: 5 }, { type: ['Choose one of: percentage, amount, shipping.'] }],
      [{ type: 'amount', order_value: 100000000, value: 5 }, { order_value: ['The amount is too large.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await u.call('POST', '/api/v1/order-discount', {
        body: { company_id: u.companyId, source_id: sourceId, ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const ro = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'percentage', order_value: 1, value: 150 },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().errors).toEqual({
      value: ['Un procent nu poate depăși 100.'],
      company_id: ['Vă rugăm să selectați o companie'],
      source_id: ['Vă rugăm să selectați o sursă'],
    });
    // 100 % exactly is allowed.
    expect(
      (
        await u.call('POST', '/api/v1/order-discount', {
          body: { type: 'percentage', order_value: 1, value: 100, company_id: u.companyId, source_id: sourceId },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('needs the selected company and a source of that company', async () => {
    const u = await t.signUp();
    const v = await t.signUp();
    const theirSource = await createSource(v, 'OLX');
    const ownSource = await createSource(u, 'OLX');
    const wrongCompany = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'amount', order_value: 10, value: 1, company_id: v.companyId, source_id: ownSource },
    });
    expect(wrongCompany.statusCode).toBe(422);
    expect(wrongCompany.json().errors).toEqual({
      company_id: ['The company must be the one selected at the top of the page.'],
    });
    const foreignSource = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'amount', order_value: 10, value: 1, company_id: u.companyId, source_id: theirSource },
    });
    expect(foreignSource.statusCode).toBe(422);
    expect(foreignSource.json().errors).toEqual({ source_id: ['Invalid source selected'] });
    const missing = await u.call('POST', '/api/v1/order-discount', {
      body: { type: 'amount', order_value: 10, value: 1, company_id: u.companyId, source_id: 999999 },
    });
    expect(missing.json().errors).toEqual({ source_id: ['Invalid source selected'] });
  });

  it('lists newest first with the source name, paginated and searchable, only for the selected company', async () => {
    const u = await t.signUp();
    const v = await t.signUp();
    const emag = await createSource(u, 'eMAG Marketplace');
    const fb = await createSource(u, 'Facebook');
    for (let i = 1; i <= 11; i++) {
      await u.call('POST', '/api/v1/order-discount', {
        body: { type: 'amount', order_value: i * 100, value: i, company_id: u.companyId, source_id: i % 2 ? emag : fb },
      });
    }
    await v.call('POST', '/api/v1/order-discount', {
      body: { type: 'amount', order_value: 1, value: 1, company_id: v.companyId, source_id: await createSource(v) },
    });
    const page1 = (await u.call('GET', '/api/v1/order-discount?items=5')).json();
    expect(page1.meta).toEqual({ total: 11, last_page: 3, current_page: 1, per_page: 5 });
    expect(page1.data[0]).toMatchObject({
      order_value: 1100,
      value: 11,
      source: { id: emag, source: 'eMAG Marketplace' },
    });
    expect(page1.data[1].source.source).toBe('Facebook');
    expect((await u.call('GET', '/api/v1/order-discount?items=5&page=3')).json().data).toHaveLength(1);
    expect((await u.call('GET', '/api/v1/order-discount?search=faceb')).json().meta.total).toBe(5);
    expect((await u.call('GET', '/api/v1/order-discount?search=AMOUNT')).json().meta.total).toBe(11);
    expect((await v.call('GET', '/api/v1/order-discount')).json().meta.total).toBe(1);
  });

  it('updates type, order_value and value only; switching to shipping drops the value', async () => {
    const u = await t.signUp();
    const sourceId = await createSource(u);
    const other = await createSource(u, 'Telefon');
    const d = (
      await u.call('POST', '/api/v1/order-discount', {
        body: { type: 'amount', order_value: 100, value: 10, company_id: u.companyId, source_id: sourceId },
      })
    ).json().data;
    const res = await u.call('POST', `/api/v1/order-discount/${d.id}`, {
      body: { type: 'percentage', order_value: 150, value: 7.25, source_id: other },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: d.id,
      type: 'percentage',
      order_value: 150,
      value: 7.25,
      source_id: sourceId,
    });
    const ship = await u.call('POST', `/api/v1/order-discount/${d.id}`, {
      body: { type: 'shipping', order_value: 150 },
    });
    expect(ship.json().data).toMatchObject({ type: 'shipping', value: null });
    const bad = await u.call('POST', `/api/v1/order-discount/${d.id}`, {
      body: { type: 'percentage', order_value: '', value: 101 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      order_value: ['This field is required.'],
      value: ['A percentage cannot be above 100.'],
    });
  });

  it("answers 404 for another company's discount and leaves it alone; deletes its own", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const d = (
      await owner.call('POST', '/api/v1/order-discount', {
        body: {
          type: 'amount',
          order_value: 100,
          value: 10,
          company_id: owner.companyId,
          source_id: await createSource(owner),
        },
      })
    ).json().data;
    expect((await other.call('GET', `/api/v1/order-discount/${d.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.call('POST', `/api/v1/order-discount/${d.id}`, {
          body: { type: 'amount', order_value: 1, value: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.call('DELETE', `/api/v1/order-discount/${d.id}`)).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/v1/order-discount/${d.id}`)).json().data).toMatchObject({
      order_value: 100,
      value: 10,
    });
    expect((await owner.call('DELETE', `/api/v1/order-discount/${d.id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/v1/order-discount/${d.id}`)).statusCode).toBe(404);
  });
});

describe('product discounts', () => {
  it('needs a signed-in user on every endpoint (401)', async () => {
    for (const [method, url] of endpoints('/api/v1/product-discount')) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-company-id': '1' },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates with the product resolved; value 0 and quantity 0 are allowed; shipping stores no value', async () => {
    const u = await t.signUp();
    const p = await createProduct(u.companyId, 'Cană ceramică pictată');
    const res = await u.call('POST', '/api/v1/product-discount', {
      body: { product_id: p, type: 'percentage', quantity: 3, value: 15 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      product_id: p,
      product: { id: p, name: 'Cană ceramică pictată' },
      type: 'percentage',
      quantity: 3,
      value: 15,
    });
    const zero = await u.call('POST', '/api/v1/product-discount', {
      body: { product_id: String(p), type: 'amount', quantity: '0', value: '0' },
    });
    expect(zero.statusCode).toBe(201);
    expect(zero.json().data).toMatchObject({ type: 'amount', quantity: 0, value: 0 });
    const ship = await u.call('POST', '/api/v1/product-discount', {
      body: { product_id: p, type: 'shipping', quantity: 5, value: 9 },
    });
    expect(ship.json().data).toMatchObject({ type: 'shipping', quantity: 5, value: null });
  });

  it('refuses bad input with a message per field (422)', async () => {
    const u = await t.signUp();
    const p = await createProduct(u.companyId, 'Săpun natural');
    const empty = await u.call('POST', '/api/v1/product-discount', { body: { value: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      product_id: ['Please select a product'],
      type: ['Please select a type'],
      quantity: ['This field is required.'],
      value: ['This field is required.'],
    });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ type: 'amount', quantity: 2 }, { value: ['This field is required.'] }],
      [{ type: 'percentage', quantity: 2, value: 101 }, { value: ['A percentage cannot be above 100.'] }],
      [
        { type: 'percentage', quantity: -1, value: -0.5 },
        { quantity: ['The value cannot be negative.'], value: ['The value cannot be negative.'] },
      ],
      [
        { type: 'amount', quantity: 1.5, value: 1.005 },
        { quantity: ['Enter a whole number.'], value: ['Use at most two decimals.'] },
      ],
      [{ type: 'amount', quantity: 'x', value: 1 }, { quantity: ['Enter a number.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await u.call('POST', '/api/v1/product-discount', { body: { product_id: p, ...body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
  });

  it('refuses a product of another company or a missing one ("invalid product")', async () => {
    const u = await t.signUp();
    const v = await t.signUp();
    const theirs = await createProduct(v.companyId, 'Produs străin');
    for (const product_id of [theirs, 999999]) {
      const res = await u.call('POST', '/api/v1/product-discount', {
        body: { product_id, type: 'amount', quantity: 1, value: 1 },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ product_id: ['Invalid product'] });
    }
    const own = await createProduct(u.companyId, 'Produs propriu');
    const d = (
      await u.call('POST', '/api/v1/product-discount', {
        body: { product_id: own, type: 'amount', quantity: 1, value: 1 },
      })
    ).json().data;
    const moved = await u.call('POST', `/api/v1/product-discount/${d.id}`, {
      body: { product_id: theirs, type: 'amount', quantity: 1, value: 1 },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ product_id: ['Invalid product'] });
  });

  it('lists newest first with product names (search by product name or SKU), only for the selected company', async () => {
    const u = await t.signUp();
    const v = await t.signUp();
    const mug = await createProduct(u.companyId, 'Cană ceramică');
    const soap = await createProduct(u.companyId, 'Săpun cu lavandă');
    for (let i = 1; i <= 12; i++)
      await u.call('POST', '/api/v1/product-discount', {
        body: { product_id: i % 3 ? mug : soap, type: 'amount', quantity: i, value: i },
      });
    await v.call('POST', '/api/v1/product-discount', {
      body: { product_id: await createProduct(v.companyId, 'Cană străină'), type: 'amount', quantity: 1, value: 1 },
    });
    const page1 = (await u.call('GET', '/api/v1/product-discount?items=10')).json();
    expect(page1.meta).toEqual({ total: 12, last_page: 2, current_page: 1, per_page: 10 });
    expect(page1.data[0]).toMatchObject({ quantity: 12, product: { id: soap, name: 'Săpun cu lavandă' } });
    expect((await u.call('GET', '/api/v1/product-discount?search=lavand')).json().meta.total).toBe(4);
    const sku = (await u.call('GET', `/api/v1/product-discount?search=${page1.data[0].product.sku}`)).json();
    expect(sku.data.every((d: { product_id: number }) => d.product_id === soap)).toBe(true);
    expect((await u.call('GET', '/api/v1/product-discount?search=str%C4%83in')).json().meta.total).toBe(0);
  });

  it('updates every field, answers 404 across companies, deletes; a deleted product takes its discounts along', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const a = await createProduct(owner.companyId, 'Lumânare parfumată');
    const b = await createProduct(owner.companyId, 'Set lumânări');
    const d = (
      await owner.call('POST', '/api/v1/product-discount', {
        body: { product_id: a, type: 'amount', quantity: 2, value: 5 },
      })
    ).json().data;
    const upd = await owner.call('POST', `/api/v1/product-discount/${d.id}`, {
      body: { product_id: b, type: 'percentage', quantity: 4, value: 99.99 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      product: { id: b, name: 'Set lumânări' },
      type: 'percentage',
      quantity: 4,
      value: 99.99,
    });
    const bad = await owner.call('POST', `/api/v1/product-discount/${d.id}`, {
      body: { product_id: b, type: 'percentage', quantity: 4, value: 100.5 },
    });
    expect(bad.json().errors).toEqual({ value: ['A percentage cannot be above 100.'] });
    expect((await other.call('GET', `/api/v1/product-discount/${d.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.call('POST', `/api/v1/product-discount/${d.id}`, {
          body: { product_id: b, type: 'amount', quantity: 1, value: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.call('DELETE', `/api/v1/product-discount/${d.id}`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `/api/v1/product-discount/${d.id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/v1/product-discount/${d.id}`)).statusCode).toBe(404);

    const kept = (
      await owner.call('POST', '/api/v1/product-discount', {
        body: { product_id: a, type: 'amount', quantity: 1, value: 1 },
      })
    ).json().data;
    await t.db.kysely.deleteFrom('products').where('id', '=', a).execute();
    expect((await owner.call('GET', `/api/v1/product-discount/${kept.id}`)).statusCode).toBe(404);
  });
});

describe('company deletion', () => {
  it("takes the company's sources and order discounts along (the source foreign key does not block it)", async () => {
    const u = await t.signUp();
    const sourceId = await createSource(u, 'Telefon');
    expect(
      (
        await u.call('POST', '/api/v1/order-discount', {
          body: { type: 'amount', order_value: 50, value: 5, company_id: u.companyId, source_id: sourceId },
        })
      ).statusCode,
    ).toBe(201);
    const res = await u.call('DELETE', `/api/v1/company/${u.companyId}`, { company: null });
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.kysely.selectFrom('sources').select('id').where('company_id', '=', u.companyId).execute(),
    ).toEqual([]);
    expect(
      await t.db.kysely.selectFrom('order_discounts').select('id').where('company_id', '=', u.companyId).execute(),
    ).toEqual([]);
  });
});
