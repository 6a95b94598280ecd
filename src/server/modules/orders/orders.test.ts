import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import { listOrders } from './list/index.js';
import type { OrderStatusValue } from '../../../core/orders/statuses.js';
import type { JsonText } from '../../http/jsonText.js';

/** A page with its items parsed from the JSON text the database wrote. */
const parsed = <T, M>(page: { data: JsonText<T>; meta: M }) => ({ ...page, data: page.data.value() });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function source(u: TestUser, name = 'Shop'): Promise<number> {
  const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function product(u: TestUser, sku: string, price: number, stock = 10, parentId?: number): Promise<number> {
  const res = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku,
      name: `Product ${sku}`,
      sale_type: 'Bucata',
      stock,
      selling_price: price,
      buying_price: 1,
      currency: 'RON',
      ...(parentId ? { parent_id: parentId } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const stockOf = async (u: TestUser, id: number) =>
  (await u.call('GET', `/api/v1/product/${id}`)).json().data.stock as number;

const address = { county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28' };

async function order(
  u: TestUser,
  src: number,
  products: Record<string, number>,
  o: { phone?: string; name?: string; email?: string } = {},
) {
  const res = await u.call('POST', '/api/v1/order', {
    body: {
      name: o.name ?? 'Ion Popescu',
      phone_number: o.phone ?? '0744 123 456',
      ...address,
      source: src,
      details: 'Leave at the door',
      products,
      ...(o.email ? { email: o.email } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A seller with a source and two products (A-1 at 19.99, B-2 at 10.01, stock 10 each). */
async function seller() {
  const u = await t.signUp();
  const src = await source(u);
  const a = await product(u, 'A-1', 19.99);
  const b = await product(u, 'B-2', 10.01);
  return { u, src, a, b };
}

const ORDER_ROUTES: [string, string][] = [
  ['GET', '/api/v1/order'],
  ['GET', '/api/v1/order/1'],
  ['POST', '/api/v1/order'],
  ['POST', '/api/order'],
  ['POST', '/api/v1/order/1'],
  ['DELETE', '/api/v1/order/1'],
  ['POST', '/api/v1/order/1/cancel'],
  ['POST', '/api/v1/order/1/uncancel'],
  ['POST', '/api/v1/order/1/product/1'],
  ['POST', '/api/v1/order-product/1'],
  ['DELETE', '/api/v1/order-product/1'],
  ['POST', '/api/v1/applied-discount/1/add'],
  ['POST', '/api/v1/applied-discount/1'],
  ['DELETE', '/api/v1/applied-discount/1'],
  ['POST', '/api/v1/customer-detail/1'],
  ['GET', '/api/v1/customer'],
  ['GET', '/api/v1/customer/1'],
  ['POST', '/api/v1/customer/1'],
  ['POST', '/api/v1/customer/1/flag'],
  ['DELETE', '/api/v1/customer/1/flag'],
];

describe('access', () => {
  it('answers 401 to a stranger on every order and customer call', async () => {
    for (const [method, url] of ORDER_ROUTES) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-company-id': '1' },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another company's order, line, discount and customer on every call", async () => {
    const { u, src } = await seller();
    const mine = await order(u, src, { 'A-1': 2 });
    const added = await u.call('POST', `/api/v1/applied-discount/${mine.id}/add`, {
      body: { type: 'amount', value: 1 },
    });
    const discountId = added.json().data.applied_discounts[0].id;
    const lineId = mine.order_products[0].id;
    const customerId = mine.customer_detail.customer_id;
    const other = await t.signUp();
    const otherProduct = await product(other, 'O-1', 5);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/order/${mine.id}`],
      ['POST', `/api/v1/order/${mine.id}`, { observations: 'x' }],
      ['DELETE', `/api/v1/order/${mine.id}`],
      ['POST', `/api/v1/order/${mine.id}/cancel`],
      ['POST', `/api/v1/order/${mine.id}/uncancel`],
      ['POST', `/api/v1/order/${mine.id}/product/${otherProduct}`, { quantity: 1 }],
      ['POST', `/api/v1/order-product/${lineId}`, { quantity: 5 }],
      ['DELETE', `/api/v1/order-product/${lineId}`],
      ['POST', `/api/v1/applied-discount/${mine.id}/add`, { type: 'amount', value: 1 }],
      ['POST', `/api/v1/applied-discount/${discountId}`, { value: 2 }],
      ['DELETE', `/api/v1/applied-discount/${discountId}`],
      ['POST', `/api/v1/customer-detail/${mine.id}`, { name: 'X' }],
      ['GET', `/api/v1/customer/${customerId}`],
      ['POST', `/api/v1/customer/${customerId}`, { phone_number: '0755 000 111' }],
      ['POST', `/api/v1/customer/${customerId}/flag`, { reason: 'x' }],
      ['DELETE', `/api/v1/customer/${customerId}/flag`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.call(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing changed for the owner.
    const again = (await u.call('GET', `/api/v1/order/${mine.id}`)).json().data;
    expect(again).toMatchObject({
      status: 'new',
      observations: null,
      total_value: 38.98,
      customer_detail: { name: 'Ion Popescu', phone_number: '+40744123456', flags: [] },
    });
    expect(again.order_products).toHaveLength(1);
    expect(again.applied_discounts).toHaveLength(1);
    // My own order with another company's product: that product is not found either.
    expect(
      (await u.call('POST', `/api/v1/order/${mine.id}/product/${otherProduct}`, { body: { quantity: 1 } })).statusCode,
    ).toBe(404);
    // Another company's list does not show my order.
    expect((await other.call('GET', '/api/v1/order')).json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('new order', () => {
  it('creates an order from the spec payload: customer by phone, lines copied, stock taken, history, 201', async () => {
    const { u, src, a, b } = await seller();
    const created = await order(u, src, { 'A-1': 3, 'B-2': 1 });
    expect(created).toMatchObject({
      status: 'new',
      source_id: src,
      source: 'Shop',
      details: 'Leave at the door',
      observations: null,
      awb: null,
      bill_number: null,
      courier: null,
      courier_status: null,
      value: 69.98,
      discount: 0,
      client_shipping_cost: 0,
      total_value: 69.98,
      customer_detail: {
        name: 'Ion Popescu',
        phone_number: '+40744123456',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        street_number: '28',
        address: 'Strada Memorandumului 28',
        email: null,
        flags: [],
      },
    });
    expect(created.created_at).toEqual(expect.any(Number));
    expect(
      created.order_products.map((l: { product: unknown; quantity: number; product_id: number }) => [
        l.product_id,
        l.quantity,
        l.product,
      ]),
    ).toEqual([
      [a, 3, { name: 'Product A-1', sku: 'A-1', selling_price: 19.99, currency: 'RON' }],
      [b, 1, { name: 'Product B-2', sku: 'B-2', selling_price: 10.01, currency: 'RON' }],
    ]);
    expect(created.history.map((e: { type: string }) => e.type)).toEqual(['created']);
    expect(created.history[0].user).toEqual({ id: u.id, name: 'Test User' });
    expect(await stockOf(u, a)).toBe(7);
    expect(await stockOf(u, b)).toBe(9);
  });

  it('takes an email (checked) and a flat’s block, staircase and apartment onto the address line', async () => {
    const { u, src } = await seller();
    const body = {
      name: 'Ana Pop',
      phone_number: '0744 555 666',
      ...address,
      source: src,
      products: { 'A-1': 1 },
      email: ' Ana.Pop@Example.RO ',
      block: 'A1',
      staircase: '2',
      apartment: '14',
    };
    const res = await u.call('POST', '/api/v1/order', { body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.customer_detail).toMatchObject({
      email: 'ana.pop@example.ro',
      address: 'Strada Memorandumului 28, bl. A1, sc. 2, ap. 14',
    });
    const bad = await u.call('POST', '/api/v1/order', {
      body: { ...body, email: 'not an email', block: 'x'.repeat(21) },
      headers: { 'accept-language': 'ro' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['Introduceți o adresă de email validă.'],
      block: [expect.any(String)],
    });
  });

  it('accepts POST /api/order as well', async () => {
    const { u, src } = await seller();
    const res = await u.call('POST', '/api/order', {
      body: { name: 'Maria Ionescu', phone_number: '+40722000111', ...address, source: src, products: { 'B-2': 2 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ id: expect.any(Number), total_value: 20.02 });
  });

  it('a line keeps the product as it was: a later rename or price change does not reach it', async () => {
    const { u, src, a } = await seller();
    const created = await order(u, src, { 'A-1': 1 });
    const upd = await u.call('POST', `/api/v1/product/${a}`, {
      body: {
        sku: 'A-1-NEW',
        name: 'Renamed',
        sale_type: 'Bucata',
        stock: 50,
        selling_price: 99,
        buying_price: 1,
        currency: 'EUR',
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const again = (await u.call('GET', `/api/v1/order/${created.id}`)).json().data;
    expect(again.order_products[0].product).toEqual({
      name: 'Product A-1',
      sku: 'A-1',
      selling_price: 19.99,
      currency: 'RON',
    });
    expect(again.total_value).toBe(19.99);
  });

  it('one person is one customer across forms of the phone and across companies', async () => {
    const one = await seller();
    const two = await seller();
    const o1 = await order(one.u, one.src, { 'A-1': 1 }, { phone: '0744 123 456' });
    const o2 = await order(one.u, one.src, { 'A-1': 1 }, { phone: '0040744123456' });
    const o3 = await order(two.u, two.src, { 'A-1': 1 }, { phone: '+40 744 123 456', name: 'Ion P.' });
    expect(o2.customer_detail.customer_id).toBe(o1.customer_detail.customer_id);
    expect(o3.customer_detail.customer_id).toBe(o1.customer_detail.customer_id);
    // Each company sees the name it was given.
    expect(o3.customer_detail.name).toBe('Ion P.');
    const customers = (await one.u.call('GET', '/api/v1/customer')).json();
    expect(customers.meta.total).toBe(1);
    expect(customers.data[0]).toMatchObject({
      id: o1.customer_detail.customer_id,
      name: 'Ion Popescu',
      phone_number: '+40744123456',
      orders_count: 2,
    });
  });

  it('refuses bad input with a message per field (422), in English and Romanian', async () => {
    const { u } = await seller();
    const res = await u.call('POST', '/api/v1/order', { body: { phone_number: '0744 12', products: {} } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['This field is required.'],
      phone_number: ['Enter a valid phone number, e.g. 0744 123 456.'],
      county: ['This field is required.'],
      city: ['This field is required.'],
      street: ['This field is required.'],
      number: ['This field is required.'],
      source: ['Please select a source'],
      products: ['Add at least one product.'],
    });
    const ro = await u.call('POST', '/api/v1/order', {
      body: { phone_number: 'abc' },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().errors).toMatchObject({
      name: ['Câmpul este obligatoriu.'],
      phone_number: ['Introduceți un număr de telefon valid, de exemplu 0744 123 456.'],
      products: ['Adăugați cel puțin un produs.'],
    });
  });

  it("refuses unknown SKUs, another company's product, a parent with variations, bad quantities and another company's source", async () => {
    const { u, src, a } = await seller();
    const parent = await product(u, 'P-1', 10);
    await product(u, 'P-1-RED', 12, 5, parent);
    const other = await t.signUp();
    const otherSource = await source(other, 'Their shop');
    await product(other, 'THEIRS', 5);
    const base = { name: 'Ion', phone_number: '0744123456', ...address };
    const res = await u.call('POST', '/api/v1/order', {
      body: { ...base, source: src, products: { NOPE: 1, THEIRS: 1, 'P-1': 1, 'A-1': 0, 'B-2': -2 } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'products.NOPE': ['There is no product with SKU NOPE in this company.'],
      'products.THEIRS': ['There is no product with SKU THEIRS in this company.'],
      'products.P-1': ['P-1 has variations: choose one of them.'],
      'products.A-1': ['The value must be at least 1.'],
      'products.B-2': ['The value must be at least 1.'],
    });
    const half = await u.call('POST', '/api/v1/order', {
      body: { ...base, source: src, products: { 'A-1': 1.5, 'B-2': 'many' } },
    });
    expect(half.json().errors).toEqual({
      'products.A-1': ['Enter a whole number.'],
      'products.B-2': ['Enter a whole number.'],
    });
    const foreignSource = await u.call('POST', '/api/v1/order', {
      body: { ...base, source: otherSource, products: { 'A-1': 1 } },
    });
    expect(foreignSource.json().errors).toEqual({ source: ['Invalid source selected'] });
    // Nothing was saved, no stock moved.
    expect((await u.call('GET', '/api/v1/order')).json().meta.total).toBe(0);
    expect(await stockOf(u, a)).toBe(10);
    // A variation is a product like any other.
    await order(u, src, { 'P-1-RED': 2 });
  });

  it('never refuses an order for stock: stock may go below zero', async () => {
    const { u, src, a } = await seller();
    await order(u, src, { 'A-1': 15 });
    expect(await stockOf(u, a)).toBe(-5);
  });
});

describe('totals and automatic discounts', () => {
  it("takes the company's shipping cost, editable in the company dialog (RON, 0 by default)", async () => {
    const { u, src } = await seller();
    const company = (await u.call('GET', `/api/v1/company/${u.companyId}`)).json().data;
    expect(company.shipping_cost).toBe(0);
    const upd = await u.call('POST', `/api/v1/company/${u.companyId}`, {
      body: {
        name: company.name,
        vat_number: company.vat_number,
        administrator_name: company.administrator_name,
        shipping_cost: '15.99',
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.shipping_cost).toBe(15.99);
    const bad = await u.call('POST', `/api/v1/company/${u.companyId}`, {
      body: {
        name: company.name,
        vat_number: company.vat_number,
        administrator_name: company.administrator_name,
        shipping_cost: '-1',
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ shipping_cost: ['The value cannot be negative.'] });
    const o = await order(u, src, { 'A-1': 1 });
    expect(o).toMatchObject({ value: 19.99, client_shipping_cost: 15.99, total_value: 35.98 });
  });

  it("applies the source's order discount with the highest threshold not above the value, and re-evaluates on line changes", async () => {
    const { u, src } = await seller();
    const other = await source(u, 'Other');
    const mk = (body: object) =>
      u.call('POST', '/api/v1/order-discount', { body: { company_id: u.companyId, source_id: src, ...body } });
    expect((await mk({ type: 'amount', order_value: 50, value: 5 })).statusCode).toBe(201);
    expect((await mk({ type: 'percentage', order_value: 100, value: 10 })).statusCode).toBe(201);
    expect(
      (
        await u.call('POST', '/api/v1/order-discount', {
          body: { company_id: u.companyId, source_id: other, type: 'amount', order_value: 0, value: 99 },
        })
      ).statusCode,
    ).toBe(201);

    const small = await order(u, src, { 'A-1': 2 }); // 39.98: below 50
    expect(small.applied_discounts).toEqual([]);
    expect(small.total_value).toBe(39.98);

    const o = await order(u, src, { 'A-1': 3 }); // 59.97: amount 5
    expect(o.applied_discounts).toMatchObject([
      { kind: 'order', automatic: true, type: 'amount', value: 5, order_product_id: null, amount: 5 },
    ]);
    expect(o).toMatchObject({ value: 59.97, discount: 5, total_value: 54.97 });

    // Raise to 6 x 19.99 = 119.94: 10 % = 11.994 -> 11.99
    const line = o.order_products[0].id;
    const up = (await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 6 } })).json().data;
    expect(up.applied_discounts).toMatchObject([{ kind: 'order', type: 'percentage', value: 10, amount: 11.99 }]);
    expect(up).toMatchObject({ value: 119.94, discount: 11.99, total_value: 107.95 });
    // Lower to 1: no threshold reached, the automatic discount goes.
    const down = (await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 1 } })).json().data;
    expect(down.applied_discounts).toEqual([]);
    expect(down).toMatchObject({ value: 19.99, discount: 0, total_value: 19.99 });
    // One entry per change: the amount replaced by the percentage is one entry, not a removal and an addition.
    expect(down.history.map((e: { type: string }) => e.type)).toEqual([
      'discount_removed',
      'line_changed',
      'automatic_discount_changed',
      'line_changed',
      'discount_added',
      'created',
    ]);
    expect(down.history[2].data).toEqual({
      kind: 'order',
      from: { type: 'amount', value: 5 },
      to: { type: 'percentage', value: 10 },
      automatic: true,
    });
  });

  it('of several order discounts that qualify, the customer gets the one worth most; the history notes a change once', async () => {
    const { u, src } = await seller();
    await t.db.kysely.updateTable('companies').set({ shipping_cost: 1999 }).where('id', '=', u.companyId).execute();
    const mk = (body: object) =>
      u.call('POST', '/api/v1/order-discount', { body: { company_id: u.companyId, source_id: src, ...body } });
    expect((await mk({ type: 'percentage', order_value: 200, value: 10 })).statusCode).toBe(201);
    expect((await mk({ type: 'shipping', order_value: 300 })).statusCode).toBe(201);
    const o = await order(u, src, { 'A-1': 11 }); // 219.89: only the 10 % qualifies
    expect(o.applied_discounts).toMatchObject([{ kind: 'order', type: 'percentage', amount: 21.99 }]);
    const line = o.order_products[0].id;
    // 18 × 19.99 = 359.82: free shipping qualifies too but saves 19.99; 10 % saves 35.98 and stays.
    const up = (await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 18 } })).json().data;
    expect(up.applied_discounts).toMatchObject([{ id: o.applied_discounts[0].id, type: 'percentage', amount: 35.98 }]);
    expect(up).toMatchObject({ value: 359.82, discount: 35.98, client_shipping_cost: 19.99, total_value: 343.83 });
    expect(up.history.map((e: { type: string }) => e.type)).toEqual(['line_changed', 'discount_added', 'created']);
    // The same order again: nothing changes, nothing is noted.
    const again = (await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 18 } })).json().data;
    expect(again.history).toHaveLength(3);
    // A shipping cost of 50 RON makes free shipping worth more: one entry, the row kept.
    await t.db.kysely.updateTable('orders').set({ shipping_cost: 5000 }).where('id', '=', o.id).execute();
    const ship = (await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 19 } })).json().data;
    expect(ship.applied_discounts).toMatchObject([{ id: o.applied_discounts[0].id, type: 'shipping', amount: 0 }]);
    expect(ship).toMatchObject({ value: 379.81, discount: 0, client_shipping_cost: 0, total_value: 379.81 });
    expect(ship.history.slice(0, 2).map((e: { type: string; data: object }) => [e.type, e.data])).toEqual([
      [
        'automatic_discount_changed',
        { kind: 'order', from: { type: 'percentage', value: 10 }, to: { type: 'shipping' }, automatic: true },
      ],
      ['line_changed', { sku: 'A-1', name: 'Product A-1', from: 18, to: 19 }],
    ]);
  });

  it('a shipping order discount makes the client shipping cost 0, notes it, and keeps discount the sum of the others', async () => {
    const { u, src } = await seller();
    await t.db.kysely.updateTable('companies').set({ shipping_cost: 2000 }).where('id', '=', u.companyId).execute();
    expect(
      (
        await u.call('POST', '/api/v1/order-discount', {
          body: { company_id: u.companyId, source_id: src, type: 'shipping', order_value: 100 },
        })
      ).statusCode,
    ).toBe(201);
    const o = await order(u, src, { 'A-1': 4, 'B-2': 3 }); // 79.96 + 30.03 = 109.99
    expect(o).toMatchObject({ value: 109.99, discount: 0, client_shipping_cost: 0, total_value: 109.99 });
    expect(o.applied_discounts).toMatchObject([{ type: 'shipping', value: null, amount: 0 }]);
    expect(o.history.map((e: { type: string; data: object }) => [e.type, e.data])).toContainEqual([
      'free_shipping',
      { applied: true },
    ]);
    const withManual = (
      await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: '9.99' } })
    ).json().data;
    expect(withManual).toMatchObject({ discount: 9.99, client_shipping_cost: 0, total_value: 100 });
    // Below the threshold the shipping cost comes back; the manual discount stays.
    const line = o.order_products[0].id;
    const below = (await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 1 } })).json().data; // 19.99 + 30.03 = 50.02
    expect(below).toMatchObject({ value: 50.02, discount: 9.99, client_shipping_cost: 20, total_value: 60.03 });
    expect(below.applied_discounts).toMatchObject([{ kind: 'manual', type: 'amount', value: 9.99 }]);
  });

  it('applies the product discount worth most on the line of those its quantity reaches', async () => {
    const { u, src, a } = await seller();
    const mk = (body: object) => u.call('POST', '/api/v1/product-discount', { body: { product_id: a, ...body } });
    expect((await mk({ type: 'percentage', quantity: 2, value: '12.5' })).statusCode).toBe(201);
    expect((await mk({ type: 'amount', quantity: 5, value: 10 })).statusCode).toBe(201);
    const o = await order(u, src, { 'A-1': 3, 'B-2': 1 });
    // 12.5 % of 59.97 = 7.49625 -> 7.50, rounded once on the line
    const lineA = o.order_products.find((l: { product_id: number }) => l.product_id === a);
    expect(o.applied_discounts).toMatchObject([
      { kind: 'product', type: 'percentage', value: 12.5, quantity: 2, order_product_id: lineA.id, amount: 7.5 },
    ]);
    expect(o).toMatchObject({ value: 69.98, discount: 7.5, total_value: 62.48 });
    const at5 = (await u.call('POST', `/api/v1/order-product/${lineA.id}`, { body: { quantity: 5 } })).json().data;
    // Both qualify at 5: 12.5 % of 99.95 (12.49) saves more than 10 RON off, so it stays.
    expect(at5.applied_discounts).toMatchObject([
      { kind: 'product', type: 'percentage', value: 12.5, quantity: 2, amount: 12.49 },
    ]);
    expect(at5).toMatchObject({ value: 109.96, discount: 12.49, total_value: 97.47 });
    expect(at5.history[0].type).toBe('line_changed');
  });

  it('an automatic discount the seller edited stays as edited, one deleted stays deleted: the next recalculation adds neither back', async () => {
    const { u, src, a, b } = await seller();
    expect(
      (
        await u.call('POST', '/api/v1/order-discount', {
          body: { company_id: u.companyId, source_id: src, type: 'percentage', order_value: 0, value: 20 },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await u.call('POST', '/api/v1/product-discount', {
          body: { product_id: a, type: 'amount', quantity: 2, value: 3 },
        })
      ).statusCode,
    ).toBe(201);
    const o = await order(u, src, { 'A-1': 5, 'B-2': 1 }); // 99.95 + 10.01 = 109.96
    const lineA = o.order_products.find((l: { product_id: number }) => l.product_id === a).id;
    const byKind = (d: { id: number; kind: string }[], kind: string) => d.filter((x) => x.kind === kind);
    expect(o.applied_discounts).toMatchObject([
      { kind: 'product', order_product_id: lineA, type: 'amount', value: 3, amount: 3 },
      { kind: 'order', order_product_id: null, type: 'percentage', value: 20, amount: 21.99 },
    ]);
    const orderDiscount = byKind(o.applied_discounts, 'order')[0].id;
    const lineDiscount = byKind(o.applied_discounts, 'product')[0].id;

    // 20 % → 15 %: one order discount, of 15 % (16.49 of 109.96), and nothing added beside it.
    const edited = await u.call('POST', `/api/v1/applied-discount/${orderDiscount}`, { body: { value: 15 } });
    expect(edited.statusCode, edited.body).toBe(200);
    const e = edited.json().data;
    expect(e.applied_discounts.filter((d: { order_product_id: number | null }) => d.order_product_id === null)).toEqual(
      [expect.objectContaining({ id: orderDiscount, type: 'percentage', value: 15, amount: 16.49, automatic: false })],
    );
    expect(e).toMatchObject({ value: 109.96, discount: 3 + 16.49, total_value: 90.47 });
    // The line's automatic discount deleted.
    const deleted = (await u.call('DELETE', `/api/v1/applied-discount/${lineDiscount}`)).json().data;
    expect(deleted.applied_discounts).toHaveLength(1);
    expect(deleted).toMatchObject({ discount: 16.49, total_value: 93.47 });

    // Recalculations: a line added to, a line changed, a line added. Still the one edited discount.
    await u.call('POST', `/api/v1/order/${o.id}/product/${b}`, { body: { quantity: 1 } }); // B-2 × 2
    await u.call('POST', `/api/v1/order-product/${lineA}`, { body: { quantity: 6 } }); // A-1 × 6: the rule's 2 reached
    const after = (await u.call('GET', `/api/v1/order/${o.id}`)).json().data;
    // 6 × 19.99 + 2 × 10.01 = 139.96; 15 % = 20.994 -> 20.99.
    expect(after.applied_discounts).toEqual([
      expect.objectContaining({
        id: orderDiscount,
        type: 'percentage',
        value: 15,
        order_product_id: null,
        amount: 20.99,
      }),
    ]);
    expect(after).toMatchObject({ value: 139.96, discount: 20.99, client_shipping_cost: 0, total_value: 118.97 });
    expect(after.value - after.discount + after.client_shipping_cost).toBeCloseTo(after.total_value, 2);
    const types = after.history.map((e: { type: string }) => e.type);
    expect(types.slice(0, 4)).toEqual(['line_changed', 'line_changed', 'discount_removed', 'discount_changed']);
    expect(after.history[3].data).toEqual({ type: 'percentage', from: 20, to: 15 });
    expect(types.filter((t: string) => t === 'discount_added')).toHaveLength(2); // the two of the order's creation
    // For that order only: a new order gets both rules' discounts again.
    const fresh = await order(u, src, { 'A-1': 5, 'B-2': 1 });
    expect(fresh.applied_discounts.map((d: { kind: string }) => d.kind)).toEqual(['product', 'order']);
  });

  it('discounts worth more than the order: the summary shows what is applied and adds up line by line', async () => {
    const { u, src } = await seller();
    await t.db.kysely.updateTable('companies').set({ shipping_cost: 1999 }).where('id', '=', u.companyId).execute();
    const o = await order(u, src, { 'A-1': 1, 'B-2': 1 }); // 30.00 + 19.99 shipping
    const [lineA, lineB] = o.order_products.map((l: { id: number }) => l.id);
    const add = (body: object) => u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body });
    await add({ type: 'percentage', value: 100, order_product_id: lineA });
    await add({ type: 'percentage', value: 100, order_product_id: lineB });
    const res = (await add({ type: 'amount', value: 40 })).json().data;
    // Asked: 19.99 + 10.01 + 30.00 (an order discount is at most the order's value) = 60.00, of
    // 49.99 to pay: the discounts take 49.99, the last one what was left of it.
    expect(res).toMatchObject({ value: 30, discount: 49.99, client_shipping_cost: 19.99, total_value: 0 });
    expect(res.applied_discounts.map((d: { amount: number }) => d.amount)).toEqual([19.99, 10.01, 19.99]);
    const addsUp = (x: { value: number; discount: number; client_shipping_cost: number; total_value: number }) =>
      Math.round((x.value - x.discount + x.client_shipping_cost) * 100) === Math.round(x.total_value * 100);
    expect(addsUp(res)).toBe(true);
    const sum = res.applied_discounts.reduce((s: number, d: { amount: number }) => s + Math.round(d.amount * 100), 0);
    expect(sum).toBe(Math.round(res.discount * 100));
    // The list shows the same figures.
    const row = (await u.call('GET', `/api/v1/order?search=${o.id}`)).json().data[0];
    expect(row).toMatchObject({ value: 30, discount: 49.99, client_shipping_cost: 19.99, total_value: 0 });
    // Below the cap again, each discount takes its own amount.
    const lower = (await u.call('DELETE', `/api/v1/applied-discount/${res.applied_discounts[0].id}`)).json().data;
    expect(lower).toMatchObject({ discount: 40.01, total_value: 9.98 });
    expect(lower.applied_discounts.map((d: { amount: number }) => d.amount)).toEqual([10.01, 30]);
    expect(addsUp(lower)).toBe(true);
  });

  it('the total never goes below 0', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'B-2': 1 });
    const res = (
      await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: 500 } })
    ).json().data;
    expect(res).toMatchObject({ value: 10.01, discount: 10.01, total_value: 0 });
  });
});

describe('order lines', () => {
  it('adds a line, adds to an existing line, changes and removes lines, moving stock each time', async () => {
    const { u, src, a, b } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    const added = await u.call('POST', `/api/v1/order/${o.id}/product/${b}`, { body: { quantity: 2 } });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added.json().data.order_products.map((l: { product_id: number; quantity: number }) => [l.product_id, l.quantity]),
    ).toEqual([
      [a, 1],
      [b, 2],
    ]);
    expect(await stockOf(u, b)).toBe(8);
    const more = (await u.call('POST', `/api/v1/order/${o.id}/product/${b}`, { body: { quantity: 3 } })).json().data;
    expect(
      more.order_products.map((l: { product_id: number; quantity: number }) => [l.product_id, l.quantity]),
    ).toEqual([
      [a, 1],
      [b, 5],
    ]);
    expect(await stockOf(u, b)).toBe(5);
    const lineB = more.order_products[1].id;
    const lowered = (await u.call('POST', `/api/v1/order-product/${lineB}`, { body: { quantity: '2' } })).json().data;
    expect(lowered.order_products[1].quantity).toBe(2);
    expect(await stockOf(u, b)).toBe(8);
    const removed = (await u.call('POST', `/api/v1/order-product/${lineB}`, { body: { quantity: 0 } })).json().data;
    expect(removed.order_products).toHaveLength(1);
    expect(await stockOf(u, b)).toBe(10);
    const lineA = o.order_products[0].id;
    const del = (await u.call('DELETE', `/api/v1/order-product/${lineA}`)).json().data;
    expect(del.order_products).toEqual([]);
    expect(del).toMatchObject({ value: 0, total_value: 0 });
    expect(await stockOf(u, a)).toBe(10);
    expect(del.history.map((e: { type: string; data: object }) => [e.type, e.data])).toEqual([
      ['line_removed', { sku: 'A-1', name: 'Product A-1', quantity: 1 }],
      ['line_removed', { sku: 'B-2', name: 'Product B-2', quantity: 2 }],
      ['line_changed', { sku: 'B-2', name: 'Product B-2', from: 5, to: 2 }],
      ['line_changed', { sku: 'B-2', name: 'Product B-2', from: 2, to: 5 }],
      ['line_added', { sku: 'B-2', name: 'Product B-2', quantity: 2 }],
      ['created', { lines: [{ sku: 'A-1', quantity: 1 }] }],
    ]);
    // A removed line is gone.
    expect((await u.call('POST', `/api/v1/order-product/${lineA}`, { body: { quantity: 1 } })).statusCode).toBe(404);
  });

  it('a negative quantity removes the line; the body is checked (422)', async () => {
    const { u, src, a } = await seller();
    const o = await order(u, src, { 'A-1': 2, 'B-2': 1 });
    const line = o.order_products[0].id;
    for (const bad of [undefined, 'abc', 1.5]) {
      const res = await u.call('POST', `/api/v1/order-product/${line}`, {
        body: bad === undefined ? {} : { quantity: bad },
      });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['quantity']);
    }
    const addBad = await u.call('POST', `/api/v1/order/${o.id}/product/${a}`, { body: { quantity: 0 } });
    expect(addBad.json().errors).toEqual({ quantity: ['The value must be at least 1.'] });
    const res = (await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: -3 } })).json().data;
    expect(res.order_products.map((l: { product_id: number }) => l.product_id)).not.toContain(a);
    expect(await stockOf(u, a)).toBe(10);
  });

  it('refuses to add a parent that has variations', async () => {
    const { u, src } = await seller();
    const parent = await product(u, 'P-9', 10);
    await product(u, 'P-9-XL', 10, 3, parent);
    const o = await order(u, src, { 'A-1': 1 });
    const res = await u.call('POST', `/api/v1/order/${o.id}/product/${parent}`, { body: { quantity: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ product_id: ['P-9 has variations: choose one of them.'] });
  });

  it('two quantity changes at the same moment end with the right stock and totals', async () => {
    const { u, src, a } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    const line = o.order_products[0].id;
    // Two raises of the same line through "add to the existing line": both must count.
    const [r1, r2] = await Promise.all([
      u.call('POST', `/api/v1/order/${o.id}/product/${a}`, { body: { quantity: 2 } }),
      u.call('POST', `/api/v1/order/${o.id}/product/${a}`, { body: { quantity: 3 } }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    let now = (await u.call('GET', `/api/v1/order/${o.id}`)).json().data;
    expect(now.order_products[0].quantity).toBe(6);
    expect(now.total_value).toBe(119.94);
    expect(await stockOf(u, a)).toBe(4);
    // Two settings at once: whichever lands last wins, and stock matches it exactly.
    const results = await Promise.all(
      [4, 9, 2].map((q) => u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: q } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    now = (await u.call('GET', `/api/v1/order/${o.id}`)).json().data;
    const q = now.order_products[0].quantity;
    expect([4, 9, 2]).toContain(q);
    expect(await stockOf(u, a)).toBe(10 - q);
    expect(now.value).toBe(Math.round(1999 * q) / 100);
    expect(now.history.filter((e: { type: string }) => e.type === 'line_changed')).toHaveLength(5);
  });

  it('two orders taking the same product at once both take their stock', async () => {
    const { u, src, a } = await seller();
    await Promise.all([
      order(u, src, { 'A-1': 2 }, { phone: '0744000001' }),
      order(u, src, { 'A-1': 3 }, { phone: '0744000002' }),
      order(u, src, { 'A-1': 1 }, { phone: '0744000001' }),
    ]);
    expect(await stockOf(u, a)).toBe(4);
    const customers = (await u.call('GET', '/api/v1/customer')).json();
    expect(customers.meta.total).toBe(2);
  });
});

describe('writes at the same moment', () => {
  it('orders taking the same products in opposite orders, and a cancel beside a restore, all succeed with the right stock and counts', async () => {
    const { u, src, a, b } = await seller();
    const toRestore = await order(u, src, { 'A-1': 1 }, { phone: '0745000001' });
    await u.call('POST', `/api/v1/order/${toRestore.id}/cancel`);
    const toCancel = await order(u, src, { 'B-2': 1 }, { phone: '0745000002' });
    const calls = [];
    for (let i = 0; i < 4; i++) {
      const products = i % 2 ? { 'A-1': 1, 'B-2': 1 } : { 'B-2': 1, 'A-1': 1 };
      calls.push(
        u.call('POST', '/api/v1/order', {
          body: { name: `Client ${i}`, phone_number: `074600000${i}`, ...address, source: src, products },
        }),
      );
    }
    calls.push(
      u.call('POST', `/api/v1/order/${toRestore.id}/uncancel`),
      u.call('POST', `/api/v1/order/${toCancel.id}/cancel`),
      u.call('DELETE', `/api/v1/order/${toCancel.id}`),
    );
    const results = await Promise.all(calls);
    const codes = results.map((r) => r.statusCode);
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 200]);
    // The delete raced the cancel: the cancel finds the order (200) or finds it gone (404), never fails otherwise.
    expect([200, 404]).toContain(codes[5]);
    expect(codes[6]).toBe(200);
    // A-1: 4 new orders + the restored one hold 5; B-2: 4 new orders (the cancelled-then-deleted one holds none).
    expect(await stockOf(u, a)).toBe(5);
    expect(await stockOf(u, b)).toBe(6);
    const counts = async (status = '') =>
      (await u.call('GET', `/api/v1/order${status ? `?status=${status}` : ''}`)).json().meta.total;
    expect([await counts(), await counts('new'), await counts('cancelled')]).toEqual([5, 5, 0]);
    expect((await u.call('GET', '/api/v1/customer')).json().meta.total).toBe(5);
  });
});

describe('applied discounts', () => {
  it('adds order-level and line discounts, changes and deletes them, with history', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1, 'B-2': 1 }); // 30.00
    const lineB = o.order_products[1].id;
    const r1 = await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
      body: { type: 'percentage', value: '10' },
    });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().data).toMatchObject({ discount: 3, total_value: 27 });
    const r2 = (
      await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
        body: { type: 'percentage', value: 50, order_product_id: lineB },
      })
    ).json().data;
    // 50 % of 10.01 = 5.005 -> 5.01
    expect(r2.applied_discounts).toMatchObject([
      { kind: 'manual', type: 'percentage', value: 10, order_product_id: null, amount: 3 },
      { kind: 'manual', type: 'percentage', value: 50, order_product_id: lineB, amount: 5.01 },
    ]);
    expect(r2).toMatchObject({ discount: 8.01, total_value: 21.99 });
    const d1 = r2.applied_discounts[0].id;
    const changed = (await u.call('POST', `/api/v1/applied-discount/${d1}`, { body: { value: 20 } })).json().data;
    expect(changed).toMatchObject({ discount: 11.01, total_value: 18.99 });
    const deleted = (await u.call('DELETE', `/api/v1/applied-discount/${d1}`)).json().data;
    expect(deleted.applied_discounts).toHaveLength(1);
    expect(deleted).toMatchObject({ discount: 5.01, total_value: 24.99 });
    expect(deleted.history.slice(0, 4).map((e: { type: string; data: object }) => [e.type, e.data])).toEqual([
      ['discount_removed', { kind: 'manual', type: 'percentage', value: 20 }],
      ['discount_changed', { type: 'percentage', from: 10, to: 20 }],
      ['discount_added', { kind: 'manual', type: 'percentage', value: 50, sku: 'B-2' }],
      ['discount_added', { kind: 'manual', type: 'percentage', value: 10 }],
    ]);
    // Removing the line removes its discount.
    const noLine = (await u.call('DELETE', `/api/v1/order-product/${lineB}`)).json().data;
    expect(noLine.applied_discounts).toEqual([]);
    expect(noLine).toMatchObject({ value: 19.99, discount: 0, total_value: 19.99 });
  });

  it('refuses a bad type or value, and a line of another order (422)', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    const o2 = await order(u, src, { 'B-2': 1 });
    const add = (body: object) => u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body });
    const r1 = await add({ type: 'shipping', value: 'x' });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors).toEqual({ type: ['Choose one of: amount, percentage.'], value: ['Enter a number.'] });
    expect((await add({})).json().errors).toEqual({
      type: ['Please select a type'],
      value: ['This field is required.'],
    });
    expect((await add({ type: 'percentage', value: 100.01 })).json().errors).toEqual({
      value: ['A percentage cannot be above 100.'],
    });
    expect((await add({ type: 'amount', value: -1 })).json().errors).toEqual({
      value: ['The value cannot be negative.'],
    });
    expect((await add({ type: 'amount', value: 1.234 })).json().errors).toEqual({
      value: ['Use at most two decimals.'],
    });
    expect((await add({ type: 'amount', value: 1, order_product_id: o2.order_products[0].id })).json().errors).toEqual({
      order_product_id: ['This product line is not part of the order.'],
    });
    const ok = (await add({ type: 'percentage', value: 5 })).json().data;
    const id = ok.applied_discounts[0].id;
    expect((await u.call('POST', `/api/v1/applied-discount/${id}`, { body: { value: 'x' } })).json().errors).toEqual({
      value: ['Enter a number.'],
    });
    expect((await u.call('POST', `/api/v1/applied-discount/${id}`, { body: { value: 101 } })).json().errors).toEqual({
      value: ['A percentage cannot be above 100.'],
    });
    expect((await u.call('POST', `/api/v1/applied-discount/${id}`, { body: {} })).json().errors).toEqual({
      value: ['This field is required.'],
    });
  });
});

describe('customer detail, phone and flags', () => {
  it('stores only the fields sent and notes each change', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    const res = await u.call('POST', `/api/v1/customer-detail/${o.id}`, {
      body: { email: 'Ion@Example.ro', company_name: 'Popescu SRL', vat_number: 'RO123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data.customer_detail;
    expect(d).toMatchObject({
      name: 'Ion Popescu',
      email: 'ion@example.ro',
      company_name: 'Popescu SRL',
      vat_number: 'RO123',
      city: 'Cluj-Napoca',
      county: 'Cluj',
      address: 'Strada Memorandumului 28',
    });
    expect(res.json().data.history[0]).toMatchObject({
      type: 'customer_detail_changed',
      data: {
        changes: {
          email: { from: null, to: 'ion@example.ro' },
          company_name: { from: null, to: 'Popescu SRL' },
          vat_number: { from: null, to: 'RO123' },
        },
      },
    });
    const addr = (
      await u.call('POST', `/api/v1/customer-detail/${o.id}`, {
        body: { address: 'Bulevardul Eroilor 5', city: 'Turda', company_name: '' },
      })
    ).json().data.customer_detail;
    expect(addr).toMatchObject({
      address: 'Bulevardul Eroilor 5',
      city: 'Turda',
      county: 'Cluj',
      company_name: null,
      vat_number: 'RO123',
    });
    const bad = await u.call('POST', `/api/v1/customer-detail/${o.id}`, {
      body: { name: '  ', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: ['This field is required.'], email: ['Enter a valid email address.'] });
    expect((await u.call('POST', `/api/v1/customer-detail/${o.id}`, { body: {} })).json().errors).toEqual({
      _: ['Nothing to update.'],
    });
  });

  it("changes a customer's phone, refusing a number of another of the company's customers (409)", async () => {
    const { u, src } = await seller();
    const o1 = await order(u, src, { 'A-1': 1 }, { phone: '0744 111 222' });
    const o2 = await order(u, src, { 'A-1': 1 }, { phone: '0744 333 444', name: 'Ana' });
    const id1 = o1.customer_detail.customer_id;
    const taken = await u.call('POST', `/api/v1/customer/${id1}`, { body: { phone_number: '+40 744 333 444' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This phone number already belongs to another of your company’s customers.');
    const ro = await u.call('POST', `/api/v1/customer/${id1}`, {
      body: { phone_number: '0744333444' },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().message).toBe('Acest număr de telefon aparține deja altui client al companiei dumneavoastră.');
    const bad = await u.call('POST', `/api/v1/customer/${id1}`, { body: { phone_number: '123' } });
    expect(bad.json().errors).toEqual({ phone_number: ['Enter a valid phone number, e.g. 0744 123 456.'] });
    const ok = await u.call('POST', `/api/v1/customer/${id1}`, {
      body: { phone_number: '0755 666 777', order_id: o1.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.phone_number).toBe('+40755666777');
    const again = (await u.call('GET', `/api/v1/order/${o1.id}`)).json().data;
    expect(again.customer_detail.phone_number).toBe('+40755666777');
    expect(again.history[0]).toMatchObject({
      type: 'phone_changed',
      data: { from: '+40744111222', to: '+40755666777' },
    });
    expect((await u.call('GET', `/api/v1/order/${o2.id}`)).json().data.customer_detail.phone_number).toBe(
      '+40744333444',
    );
    // The new number finds the orders.
    expect(
      (await u.call('GET', '/api/v1/order?search=0755666777')).json().data.map((r: { id: number }) => r.id),
    ).toEqual([o1.id]);
  });

  it("flags are shared: every company sees reason and date, never another company's id; a second flag of the same company is 409", async () => {
    const one = await seller();
    const two = await seller();
    const o1 = await order(one.u, one.src, { 'A-1': 1 }, { phone: '0766 100 200' });
    const o2 = await order(two.u, two.src, { 'A-1': 1 }, { phone: '0766100200' });
    const cid = o1.customer_detail.customer_id;
    const f = await one.u.call('POST', `/api/v1/customer/${cid}/flag`, {
      body: { reason: 'Refused the parcel', order_id: o1.id },
    });
    expect(f.statusCode, f.body).toBe(201);
    expect(f.json().data.flags).toEqual([
      {
        reason: 'Refused the parcel',
        created_at: expect.any(Number),
        flagged_by_company_id: one.u.companyId,
        by_this_company: true,
      },
    ]);
    const again = await one.u.call('POST', `/api/v1/customer/${cid}/flag`, { body: { reason: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your company has already flagged this customer.');
    // The other company sees the flag on its own order, without the first company's id or name.
    const seen = (await two.u.call('GET', `/api/v1/order/${o2.id}`)).json().data.customer_detail.flags;
    expect(seen).toEqual([
      {
        reason: 'Refused the parcel',
        created_at: expect.any(Number),
        flagged_by_company_id: null,
        by_this_company: false,
      },
    ]);
    expect(JSON.stringify((await two.u.call('GET', '/api/v1/order')).json())).not.toContain(
      `"flagged_by_company_id":${one.u.companyId}`,
    );
    const listed = (await two.u.call('GET', '/api/v1/order')).json().data[0].customer_detail.flags;
    expect(listed).toEqual(seen);
    // It may flag too.
    expect(
      (await two.u.call('POST', `/api/v1/customer/${cid}/flag`, { body: { reason: 'No answer' } })).statusCode,
    ).toBe(201);
    const both = (await two.u.call('GET', '/api/v1/customer')).json().data[0].flags;
    expect(both.map((x: { by_this_company: boolean; reason: string }) => [x.reason, x.by_this_company]).sort()).toEqual(
      [
        ['No answer', true],
        ['Refused the parcel', false],
      ],
    );
    expect((await one.u.call('GET', `/api/v1/order/${o1.id}`)).json().data.history[0]).toMatchObject({
      type: 'flagged',
      data: { reason: 'Refused the parcel' },
    });
    // The reason is required.
    const bad = await one.u.call('POST', `/api/v1/customer/${cid}/flag`, { body: { reason: ' ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ reason: ['This field is required.'] });
  });

  it("removes only the company's own flag, noted in the order's history; 409 without one, 422 on a bad order id", async () => {
    const one = await seller();
    const two = await seller();
    const o1 = await order(one.u, one.src, { 'A-1': 1 }, { phone: '0766 300 400' });
    await order(two.u, two.src, { 'A-1': 1 }, { phone: '0766300400' });
    const cid = o1.customer_detail.customer_id;
    for (const u of [one.u, two.u])
      expect((await u.call('POST', `/api/v1/customer/${cid}/flag`, { body: { reason: 'No answer' } })).statusCode).toBe(
        201,
      );
    const bad = await one.u.call('DELETE', `/api/v1/customer/${cid}/flag?order_id=abc`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['order_id']);
    const removed = await one.u.call('DELETE', `/api/v1/customer/${cid}/flag?order_id=${o1.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    // The other company's flag stays, shown without its company.
    expect(removed.json().data.flags).toEqual([
      { reason: 'No answer', created_at: expect.any(Number), flagged_by_company_id: null, by_this_company: false },
    ]);
    expect((await one.u.call('GET', `/api/v1/order/${o1.id}`)).json().data.history[0]).toMatchObject({
      type: 'unflagged',
    });
    const twice = await one.u.call('DELETE', `/api/v1/customer/${cid}/flag`, { headers: { 'accept-language': 'ro' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Compania dumneavoastră nu a semnalat acest client.');
    expect((await two.u.call('GET', `/api/v1/customer/${cid}`)).json().data.flags).toHaveLength(1);
    // Flagging again works after a removal.
    expect((await one.u.call('POST', `/api/v1/customer/${cid}/flag`, { body: { reason: 'Again' } })).statusCode).toBe(
      201,
    );
  });
});

describe('cancel, restore, delete', () => {
  it('cancel gives the stock back and restore takes it again; the status counts follow', async () => {
    const { u, src, a } = await seller();
    const o = await order(u, src, { 'A-1': 4 });
    expect(await stockOf(u, a)).toBe(6);
    const c = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data.status).toBe('cancelled');
    expect(await stockOf(u, a)).toBe(10);
    const other = await order(u, src, { 'A-1': 1 });
    const tab = async (status: string) => (await u.call('GET', `/api/v1/order?status=${status}`)).json();
    expect(await tab('cancelled')).toMatchObject({ data: [{ id: o.id, status: 'cancelled' }], meta: { total: 1 } });
    expect(await tab('new')).toMatchObject({ data: [{ id: other.id, status: 'new' }], meta: { total: 1 } });
    await u.call('DELETE', `/api/v1/order/${other.id}`);
    expect(await stockOf(u, a)).toBe(10);
    const twice = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The order is already cancelled.');
    // A cancelled order's products and discounts are fixed until it is restored (409 with the reason).
    const line = o.order_products[0].id;
    const closed = [
      await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 5 } }),
      await u.call('DELETE', `/api/v1/order-product/${line}`),
      await u.call('POST', `/api/v1/order/${o.id}/product/${a}`, { body: { quantity: 1 } }),
      await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: 1 } }),
    ];
    for (const res of closed) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('The order is cancelled: restore it before changing its products or discounts.');
    }
    const ro = await u.call('POST', `/api/v1/order-product/${line}`, {
      body: { quantity: 5 },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().message).toBe(
      'Comanda este anulată: restaurați-o înainte de a-i modifica produsele sau reducerile.',
    );
    expect(await stockOf(u, a)).toBe(10);
    const r = await u.call('POST', `/api/v1/order/${o.id}/uncancel`);
    expect(r.json().data.status).toBe('new');
    expect(await stockOf(u, a)).toBe(6);
    expect(r.json().data.order_products.map((l: { quantity: number }) => l.quantity)).toEqual([4]);
    expect(
      r
        .json()
        .data.history.slice(0, 2)
        .map((e: { type: string }) => e.type),
    ).toEqual(['restored', 'cancelled']);
    const notCancelled = await u.call('POST', `/api/v1/order/${o.id}/uncancel`, {
      headers: { 'accept-language': 'ro' },
    });
    expect(notCancelled.statusCode).toBe(409);
    expect(notCancelled.json().message).toBe('Doar o comandă anulată poate fi restaurată.');
    expect((await u.call('GET', '/api/v1/order?status=new')).json().meta.total).toBe(1);
  });

  it('refuses to cancel an order with an AWB or an invoice (409 with the reason)', async () => {
    const { u, src, a } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    await t.db.kysely.updateTable('orders').set({ awb: '1234567890' }).where('id', '=', o.id).execute();
    const withAwb = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(withAwb.statusCode).toBe(409);
    expect(withAwb.json().message).toBe('The order has an AWB: delete the AWB before cancelling the order.');
    await t.db.kysely.updateTable('orders').set({ awb: null, bill_number: 'SB 0042' }).where('id', '=', o.id).execute();
    const withBill = await u.call('POST', `/api/v1/order/${o.id}/cancel`, { headers: { 'accept-language': 'ro' } });
    expect(withBill.statusCode).toBe(409);
    expect(withBill.json().message).toBe(
      'Comanda are o factură: anulați sau stornați factura înainte de a anula comanda.',
    );
    expect(await stockOf(u, a)).toBe(9);
    expect((await u.call('GET', `/api/v1/order/${o.id}`)).json().data.status).toBe('new');
  });

  it('updates observations and details, with history; 422 without either', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    const res = (
      await u.call('POST', `/api/v1/order/${o.id}`, { body: { observations: 'Call before delivery' } })
    ).json().data;
    expect(res).toMatchObject({ observations: 'Call before delivery', details: 'Leave at the door' });
    const res2 = (await u.call('POST', `/api/v1/order/${o.id}`, { body: { details: '' } })).json().data;
    expect(res2.details).toBeNull();
    expect(res2.history.slice(0, 2).map((e: { type: string; data: object }) => [e.type, e.data])).toEqual([
      ['details_changed', { from: 'Leave at the door', to: null }],
      ['observations_changed', { from: null, to: 'Call before delivery' }],
    ]);
    const bad = await u.call('POST', `/api/v1/order/${o.id}`, { body: {} });
    expect(bad.statusCode).toBe(422);
    expect(
      (await u.call('POST', `/api/v1/order/${o.id}`, { body: { observations: 'x'.repeat(2001) } })).json().errors,
    ).toEqual({ observations: ['At most 2000 characters.'] });
  });

  it('keeps how the order is paid: cash on delivery by default, chosen on creation, changed with history; 422 per field; 404 for another company', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    expect(o.payment_method).toBe('cash_on_delivery');
    const paid = await u.call('POST', '/api/v1/order', {
      body: {
        name: 'Ana',
        phone_number: '0744 000 111',
        ...address,
        source: src,
        products: { 'A-1': 1 },
        payment_method: 'card',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.payment_method).toBe('card');
    const badNew = await u.call('POST', '/api/v1/order', {
      body: {
        name: 'Ana',
        phone_number: '0744 000 111',
        ...address,
        source: src,
        products: { 'A-1': 1 },
        payment_method: 'cheque',
      },
      headers: { 'accept-language': 'ro' },
    });
    expect(badNew.statusCode).toBe(422);
    expect(badNew.json().errors).toEqual({ payment_method: ['Alegeți ramburs, card sau transfer bancar.'] });

    const changed = await u.call('POST', `/api/v1/order/${o.id}`, { body: { payment_method: 'bank_transfer' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.payment_method).toBe('bank_transfer');
    expect(changed.json().data.history[0]).toMatchObject({
      type: 'payment_method_changed',
      data: { from: 'cash_on_delivery', to: 'bank_transfer' },
    });
    const bad = await u.call('POST', `/api/v1/order/${o.id}`, { body: { payment_method: 'cheque' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ payment_method: ['Choose cash on delivery, card or bank transfer.'] });
    const other = await t.signUp();
    expect((await other.call('POST', `/api/v1/order/${o.id}`, { body: { payment_method: 'cheque' } })).statusCode).toBe(
      404,
    );
    expect((await u.call('GET', `/api/v1/order/${o.id}`)).json().data.payment_method).toBe('bank_transfer');
  });

  it('deletes an order with its lines, discounts and history; stock back unless cancelled; counts follow', async () => {
    const { u, src, a, b } = await seller();
    const o1 = await order(u, src, { 'A-1': 2 }, { phone: '0711000001' });
    const o2 = await order(u, src, { 'B-2': 3 }, { phone: '0711000002' });
    await u.call('POST', `/api/v1/applied-discount/${o1.id}/add`, { body: { type: 'amount', value: 1 } });
    await u.call('POST', `/api/v1/order/${o2.id}/cancel`);
    expect((await u.call('GET', '/api/v1/customer')).json().meta.total).toBe(2);
    const d1 = await u.call('DELETE', `/api/v1/order/${o1.id}`);
    expect(d1.statusCode).toBe(200);
    expect(await stockOf(u, a)).toBe(10);
    await u.call('DELETE', `/api/v1/order/${o2.id}`);
    expect(await stockOf(u, b)).toBe(10);
    expect((await u.call('GET', `/api/v1/order/${o1.id}`)).statusCode).toBe(404);
    for (const table of ['order_products', 'applied_discounts', 'order_events', 'order_customer_details'] as const) {
      const rows = await t.db.kysely
        .selectFrom(table)
        .select('order_id')
        .where('order_id', 'in', [o1.id, o2.id])
        .execute();
      expect(rows, table).toEqual([]);
    }
    const list = (await u.call('GET', '/api/v1/order')).json();
    expect(list.meta.total).toBe(0);
    expect((await u.call('GET', '/api/v1/customer')).json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('a source with orders is in use (409), a company with orders is in use', async () => {
    const { u, src } = await seller();
    await order(u, src, { 'A-1': 1 });
    await order(u, src, { 'A-1': 1 });
    const res = await u.call('DELETE', `/api/v1/source/${src}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('2 orders');
    const ro = await u.call('DELETE', `/api/v1/source/${src}`, { headers: { 'accept-language': 'ro' } });
    expect(ro.json().message).toContain('2 comenzi');
    const company = await u.call('DELETE', `/api/v1/company/${u.companyId}`);
    expect(company.statusCode).toBe(409);
    expect(company.json().message).toContain('2 orders');
  });
});

describe('orders list', () => {
  it('pages newest first with meta from the kept counts; searches by id, phone in any form, name and email', async () => {
    const { u, src } = await seller();
    const made = [];
    made.push(await order(u, src, { 'A-1': 1 }, { phone: '0744 123 456', name: 'Ion Popescu' }));
    made.push(
      await order(u, src, { 'A-1': 1 }, { phone: '0722 000 111', name: 'Maria Ionescu', email: 'maria@example.ro' }),
    );
    made.push(await order(u, src, { 'B-2': 1 }, { phone: '0744123456', name: 'Ion Popescu' }));
    made.push(await order(u, src, { 'B-2': 2 }, { phone: '0733 555 666', name: 'Vasile Pop' }));
    const ids = made.map((o) => o.id);
    const page1 = (await u.call('GET', '/api/v1/order?items=2')).json();
    expect(page1.data.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[2]]);
    expect(page1.meta).toEqual({ total: 4, last_page: 2, current_page: 1, per_page: 2 });
    expect(page1.data[0]).toMatchObject({
      status: 'new',
      total_value: 20.02,
      customer_detail: { name: 'Vasile Pop', phone_number: '+40733555666', telefon: '+40733555666', flags: [] },
    });
    const page2 = (await u.call('GET', '/api/v1/order?items=2&page=2&sort=-created_at')).json();
    expect(page2.data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    const oldest = (await u.call('GET', '/api/v1/order?items=2&sort=created_at')).json();
    expect(oldest.data.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[1]]);
    const past = (await u.call('GET', '/api/v1/order?items=2&page=9')).json();
    expect(past).toMatchObject({ data: [], meta: { total: 4, last_page: 2, current_page: 9 } });

    const search = async (term: string) =>
      (await u.call('GET', `/api/v1/order?search=${encodeURIComponent(term)}`)).json();
    for (const form of ['0744 123 456', '+40744123456', '0040744123456']) {
      const r = await search(form);
      expect(
        r.data.map((x: { id: number }) => x.id),
        form,
      ).toEqual([ids[2], ids[0]]);
      expect(r.meta).toEqual({ total: 2, last_page: 1, current_page: 1, per_page: 10 });
    }
    expect((await search(String(ids[1]))).data.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
    expect((await search('ionescu')).data.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
    expect((await search('Pop')).data.map((x: { id: number }) => x.id)).toEqual([ids[3], ids[2], ids[0]]);
    expect((await search('maria@exa')).data.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
    expect((await search('Io')).data.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await search('nobody')).meta).toMatchObject({ total: 0, last_page: 1 });
    // An id too large for the column is just no match.
    expect((await search('99999999999')).data).toEqual([]);
    expect((await search('%')).data).toEqual([]);
  });

  it('a name search answers the same page on every path (index matches, newest-first walk, bounded count), within the company', async () => {
    const { u, src } = await seller();
    const other = await seller();
    const mine: number[] = [];
    for (const [name, email] of [
      ['Ion Popescu', null],
      ['Maria Ionescu', 'maria.moldovan@example.ro'],
      ['Vasile Pop', null],
      ['Ana Popovici', null],
      ['Ion Popescu', null],
      ['Ștefan Moldovan', null],
      ['Maria Moldovan', null],
    ] as const) {
      mine.push((await order(u, src, { 'A-1': 1 }, { name, ...(email ? { email } : {}) })).id);
    }
    // Another company's customer of the same name never shows, whichever way the search goes.
    await order(other.u, other.src, { 'A-1': 1 }, { name: 'Ion Popescu' });
    await order(other.u, other.src, { 'A-1': 1 }, { name: 'Maria Moldovan' });
    const list = (
      q: {
        page: number;
        items: number;
        search: string;
        status?: OrderStatusValue;
        sort?: '-created_at' | 'created_at';
      },
      tuning?: { window?: number; walkRows?: number },
    ) => listOrders(t.db.kysely, t.db.engine, u.companyId, { sort: '-created_at', ...q }, tuning).then(parsed);
    // Bounds small enough for a few orders to be a broad term: a count window of 1 (the bound is
    // then the page's end) and walks of the newest 0, 2 or all details before the index is asked.
    const tunings = [{ window: 1 }, { window: 1, walkRows: 0 }, { window: 1, walkRows: 2 }, { window: 3, walkRows: 3 }];
    for (const term of [
      'Popescu',
      'Pop',
      'ionescu',
      'nobody',
      'Io',
      'maria moldovan',
      'MOLDOVAN',
      'ștefan',
      'Maria Mol',
      'a.mol',
      'Ma M',
    ]) {
      for (const status of [undefined, 'new', 'cancelled'] as const) {
        for (const sort of ['-created_at', 'created_at'] as const) {
          const all = await list({ page: 1, items: 100, search: term, status, sort });
          expect(all.meta.total_exact, term).toBeUndefined();
          expect(
            all.data.every((r) => mine.includes(r.id)),
            term,
          ).toBe(true);
          for (const page of [1, 2]) {
            const q = { page, items: 2, search: term, status, sort };
            const expected = all.data.slice((page - 1) * 2, page * 2).map((r) => r.id);
            expect(
              (await list(q)).data.map((r) => r.id),
              `${term} page ${page}`,
            ).toEqual(expected);
            for (const tuning of tunings) {
              const got = await list(q, tuning);
              const label = `${term} ${status} ${sort} page ${page} ${JSON.stringify(tuning)}`;
              expect(
                got.data.map((r) => r.id),
                label,
              ).toEqual(expected);
              const bound = (page - 1) * 2 + Math.max(tuning.window, 2);
              expect(got.meta, label).toMatchObject(
                all.meta.total > bound ? { total: bound, total_exact: false } : { total: all.meta.total },
              );
            }
          }
        }
      }
    }
    const search = async (term: string) => (await list({ page: 1, items: 100, search: term })).data.map((r) => r.id);
    expect(await search('Pop')).toEqual([mine[4], mine[3], mine[2], mine[0]]);
    // Case folded beyond ASCII on both engines, a term across two words, an email's substring.
    expect(await search('ȘTEFAN')).toEqual([mine[5]]);
    expect(await search('maria moldovan')).toEqual([mine[6]]);
    expect(await search('ia Mol')).toEqual([mine[6]]);
    expect(await search('A.MOLDOVAN@')).toEqual([mine[1]]);
  });

  it('a name search folds Romanian letters as ILIKE does, finds an edited detail by its new name and email only, and never matches across name and email', async () => {
    const { u, src } = await seller();
    const ids: number[] = [];
    for (const [name, email] of [
      ['ȘTEFĂNESCU ÎONIȚĂ', null],
      ['Ăla Bâlă', 'Tata.Balan@Exemplu.RO'],
      ['Ion Pop', 'escu@exemplu.ro'],
      ['Dan Vlad', 'dan@exemplu.ro'],
      ['Radu\nLine', null],
    ] as const) {
      ids.push((await order(u, src, { 'A-1': 1 }, { name, ...(email ? { email } : {}) })).id);
    }
    const edit = await u.call('POST', `/api/v1/customer-detail/${ids[3]}`, {
      body: { name: 'Ștefan Ardeleanu', email: 'Ardeleanu.S@Exemplu.ro' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Every path: the index first, the newest-first walk of 0, 2 or all details, a count window of 1.
    const tunings = [{}, { window: 1 }, { window: 1, walkRows: 0 }, { window: 1, walkRows: 2 }, { walkRows: 0 }];
    const found = async (term: string) => {
      const answers = await Promise.all(
        tunings.map(async (tuning) =>
          (
            await listOrders(
              t.db.kysely,
              t.db.engine,
              u.companyId,
              { page: 1, items: 1, search: term, sort: '-created_at' },
              tuning,
            )
          ).data
            .value()
            .map((r) => r.id),
        ),
      );
      for (const a of answers) expect(a, term).toEqual(answers[0]);
      return (
        await listOrders(t.db.kysely, t.db.engine, u.companyId, {
          page: 1,
          items: 100,
          search: term,
          sort: '-created_at',
        })
      ).data
        .value()
        .map((r) => r.id);
    };
    for (const term of ['ștefănescu', 'ȘTEFĂNESCU', 'îoniță', 'ÎONIȚĂ', 'fănescu î'])
      expect(await found(term), term).toEqual([ids[0]]);
    for (const term of ['ĂLA BÂLĂ', 'ăla bâ', 'ÂLĂ', 'tata.b', 'BALAN@EXEMPLU'])
      expect(await found(term), term).toEqual([ids[1]]);
    // The edited detail: its new name and email find it, the old ones no longer do.
    for (const term of ['ștefan ardeleanu', 'ARDELEANU.s@', 'Ardeleanu'])
      expect(await found(term), term).toEqual([ids[3]]);
    for (const term of ['Dan Vlad', 'dan@exemplu']) expect(await found(term), term).toEqual([]);
    // A term across the end of the name and the start of the email is no match (name OR email).
    for (const term of ['Pop\nescu', 'Pop escu', 'Popescu'])
      expect(await found(term), JSON.stringify(term)).toEqual([]);
    // A line feed inside a name is found by a term with one.
    expect(await found('radu\nline')).toEqual([ids[4]]);
  });

  it('a name search takes %, _ and a backslash literally on every path', async () => {
    const { u, src } = await seller();
    const ids: number[] = [];
    for (const name of ['Ana 100% Pop', 'Ana 1000 Pop', 'Ion_Vlad', 'Ion Vlad', 'Back\\slash'])
      ids.push((await order(u, src, { 'A-1': 1 }, { name })).id);
    const tunings = [{}, { window: 1 }, { window: 1, walkRows: 0 }, { window: 1, walkRows: 2 }, { walkRows: 0 }];
    const run = (exec: Executor, term: string, tuning: { window?: number; walkRows?: number }) =>
      listOrders(exec, t.db.engine, u.companyId, { page: 1, items: 10, search: term, sort: '-created_at' }, tuning);
    for (const [term, expected] of [
      ['100%', [ids[0]]],
      ['0% P', [ids[0]]],
      ['n_V', [ids[2]]],
      ['k\\s', [ids[4]]],
      ['Ana 1', [ids[1], ids[0]]],
    ] as const)
      for (const tuning of tunings)
        expect(
          (await run(t.db.kysely, term, tuning)).data.value().map((r) => r.id),
          `${term} ${JSON.stringify(tuning)}`,
        ).toEqual(expected);
  });

  it('on PostgreSQL, the walk of a name search is one prepared statement whatever the term', async (ctx) => {
    if (t.db.engine !== 'postgres') return ctx.skip();
    const { u, src } = await seller();
    for (const name of ['Ana Popescu', 'Ion Vlad', 'Maria Moldovan']) await order(u, src, { 'A-1': 1 }, { name });
    await t.db.kysely.connection().execute(async (c) => {
      const walks = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c)).rows.filter(
          (r) => r.statement.startsWith(ONE_PLAN) && r.statement.includes('order_customer_details'),
        ).length;
      const search = (term: string) =>
        listOrders(c, t.db.engine, u.companyId, { page: 1, items: 10, search: term, sort: '-created_at' });
      await search('Vlad');
      const known = await walks();
      expect(known).toBeGreaterThan(0);
      // The walk of another term is the same statement, parsed and planned once on the connection.
      for (const term of ['Popescu', 'Moldovan', 'Ana', 'escu']) await search(term);
      expect(await walks()).toBe(known);
    });
  });

  it("refuses a bad query (422) and another company's filter", async () => {
    const { u } = await seller();
    const res = await u.call('GET', '/api/v1/order?page=0&items=abc&sort=name&status=lost&invoice_status=reversed');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['invoice_status', 'items', 'page', 'sort', 'status']);
    const ro = await u.call('GET', '/api/v1/order?invoice_status=stornata', { headers: { 'accept-language': 'ro' } });
    expect(ro.statusCode).toBe(422);
    expect(ro.json().errors.invoice_status).toHaveLength(1);
    const other = await t.signUp();
    expect((await u.call('GET', `/api/v1/order?company_id=${other.companyId}`)).statusCode).toBe(403);
    expect((await u.call('GET', `/api/v1/order?company_id=${u.companyId}`)).statusCode).toBe(200);
  });

  it("the customers list is the company's, searchable by phone in any form and by name", async () => {
    const { u, src } = await seller();
    await order(u, src, { 'A-1': 1 }, { phone: '0744 999 000', name: 'Elena Dumitru' });
    await order(u, src, { 'A-1': 1 }, { phone: '0744 999 001', name: 'Andrei Radu' });
    const all = (await u.call('GET', '/api/v1/customer?items=1')).json();
    expect(all.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(
      (await u.call('GET', '/api/v1/customer?search=0040744999000')).json().data.map((c: { name: string }) => c.name),
    ).toEqual(['Elena Dumitru']);
    expect(
      (await u.call('GET', '/api/v1/customer?search=radu')).json().data.map((c: { name: string }) => c.name),
    ).toEqual(['Andrei Radu']);
    expect((await u.call('GET', '/api/v1/customer?page=0')).statusCode).toBe(422);
  });
});
