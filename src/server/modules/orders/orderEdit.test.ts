import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { product, stockOf, address, order, ordersKit } from '../../test/ordersKit.js';

// Changing an order after it is made: its lines, writes at the same moment, applied discounts, the
// customer's detail, phone and flags, and cancel, restore and delete.
// The shared set-up is src/server/test/ordersKit.ts.
const kit = ordersKit();
const { seller } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.app();
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
