import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { source, product, stockOf, address, order, ordersKit } from '../../test/ordersKit.js';

// Who may call the order and customer routes, a new order from the spec payload, and an order's
// totals with its automatic discounts.
// The shared set-up is src/server/test/ordersKit.ts.
const kit = ordersKit();
const { seller } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.app();
});

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

  it("an automatic order discount deleted stays deleted through line changes; the line's own rule still applies", async () => {
    const { u, src, a, b } = await seller();
    const rule = await u.call('POST', '/api/v1/order-discount', {
      body: { company_id: u.companyId, source_id: src, type: 'percentage', order_value: 0, value: 20 },
    });
    expect(rule.statusCode).toBe(201);
    const o = await order(u, src, { 'A-1': 1 }); // 19.99
    expect(o.applied_discounts).toMatchObject([{ kind: 'order', type: 'percentage', value: 20, amount: 4 }]);
    const deleted = await u.call('DELETE', `/api/v1/applied-discount/${o.applied_discounts[0].id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ applied_discounts: [], discount: 0, total_value: 19.99 });
    // Recalculations: a line added, a quantity changed. The rule still qualifies; the order gets none.
    await u.call('POST', `/api/v1/order/${o.id}/product/${b}`, { body: { quantity: 2 } }); // + 2 × 10.01
    const line = o.order_products.find((l: { product_id: number }) => l.product_id === a).id;
    await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 3 } }); // 3 × 19.99
    const after = (await u.call('GET', `/api/v1/order/${o.id}`)).json().data;
    expect(after).toMatchObject({ applied_discounts: [], value: 79.99, discount: 0, total_value: 79.99 });
    const types = after.history.map((e: { type: string }) => e.type);
    expect(types.filter((x: string) => x === 'discount_added')).toHaveLength(1); // the order's creation
    // Another order still gets it.
    expect((await order(u, src, { 'A-1': 1 })).applied_discounts).toMatchObject([{ kind: 'order', value: 20 }]);
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
