import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const coupon = (u: TestUser, body: Record<string, unknown>) => u.call('POST', '/api/v1/coupon', { body });

/** A company with a source, a product at 100.00 RON and an order of two of it (200.00 RON, no shipping discount). */
async function seller() {
  const u = await t.signUp();
  const src = (await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } })).json()
    .data.id;
  const p = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'P-1',
      name: 'Produs',
      sale_type: 'Bucata',
      stock: 50,
      selling_price: 100,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(p.statusCode, p.body).toBe(201);
  const o = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source: src,
      products: { 'P-1': 2 },
    },
  });
  expect(o.statusCode, o.body).toBe(201);
  return { u, order: o.json().data };
}

describe('coupons', () => {
  it('CRUD of the company: create, list, read, change, delete; 422 per field in both languages; a taken code', async () => {
    const u = await t.signUp();
    const made = await coupon(u, { code: 'VARA10', type: 'percentage', value: 10, uses_allowed: 5 });
    expect(made.statusCode, made.body).toBe(201);
    const c = made.json().data;
    expect(c).toMatchObject({ code: 'VARA10', type: 'percentage', value: 10, uses_allowed: 5, uses: 0, active: true });
    expect((await u.call('GET', '/api/v1/coupon')).json().data.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect((await u.call('GET', `/api/v1/coupon/${c.id}`)).json().data.code).toBe('VARA10');
    const changed = await u.call('POST', `/api/v1/coupon/${c.id}`, {
      body: { code: 'VARA15', type: 'amount', value: 15, active: false },
    });
    expect(changed.json().data).toMatchObject({
      code: 'VARA15',
      type: 'amount',
      value: 15,
      uses_allowed: null,
      active: false,
    });

    const bad = await u.call('POST', '/api/v1/coupon', {
      body: { code: 'a b', type: 'x', value: -1 },
      headers: { 'accept-language': 'ro' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'type', 'value']);
    const pct = await coupon(u, { code: 'MULT', type: 'percentage', value: 150 });
    expect(Object.keys(pct.json().errors)).toEqual(['value']);
    const taken = await coupon(u, { code: 'vara15', type: 'amount', value: 1 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.code).toEqual(['The company already has a coupon with this code.']);

    expect((await u.call('DELETE', `/api/v1/coupon/${c.id}`)).statusCode).toBe(200);
    expect((await u.call('GET', `/api/v1/coupon/${c.id}`)).statusCode).toBe(404);
  });

  it("401 for a stranger and 404 for another company's coupon on every call", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const c = (await coupon(owner, { code: 'X1', type: 'amount', value: 5 })).json().data;
    for (const [method, url] of [
      ['GET', '/api/v1/coupon'],
      ['POST', '/api/v1/coupon'],
      ['GET', `/api/v1/coupon/${c.id}`],
      ['POST', `/api/v1/coupon/${c.id}`],
      ['DELETE', `/api/v1/coupon/${c.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await other.call('GET', `/api/v1/coupon/${c.id}`)).statusCode).toBe(404);
    expect((await other.call('POST', `/api/v1/coupon/${c.id}`, { body: {} })).statusCode).toBe(404);
    expect((await other.call('DELETE', `/api/v1/coupon/${c.id}`)).statusCode).toBe(404);
    expect((await other.call('GET', '/api/v1/coupon')).json().data).toEqual([]);
  });
});

describe("an order's coupon", () => {
  it('applies a code (ignoring case): the coupon group and the totals to the ban; removing gives the use back', async () => {
    const { u, order } = await seller();
    const c = (await coupon(u, { code: 'Toamna', type: 'percentage', value: 12.5, uses_allowed: 1 })).json().data;
    const res = await u.call('POST', `/api/v1/order/${order.id}/coupon`, { body: { code: 'toamna' } });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    expect(o.coupon_code).toBe('Toamna');
    const applied = o.applied_discounts.filter((d: { kind: string }) => d.kind === 'coupon');
    expect(applied).toMatchObject([
      { type: 'percentage', value: 12.5, quantity: 1, coupon: 'Toamna', order_product_id: null },
    ]);
    // 12.5 % of 200.00 = 25.00
    expect(o.discount).toBe(25);
    expect(o.total_value).toBe(Math.round((o.value - 25 + o.client_shipping_cost) * 100) / 100);
    expect((await u.call('GET', `/api/v1/coupon/${c.id}`)).json().data.uses).toBe(1);

    const again = await u.call('POST', `/api/v1/order/${order.id}/coupon`, { body: { code: 'Toamna' } });
    expect(again.statusCode).toBe(422);

    const removed = await u.call('DELETE', `/api/v1/order/${order.id}/coupon`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ coupon_code: null, discount: 0 });
    expect((await u.call('GET', `/api/v1/coupon/${c.id}`)).json().data.uses).toBe(0);
    expect((await u.call('DELETE', `/api/v1/order/${order.id}/coupon`)).statusCode).toBe(422);
  });

  it('422 for an unknown code, an inactive one and a used-up one (both languages); 422 without a code', async () => {
    const { u, order } = await seller();
    const second = await seller();
    await coupon(u, { code: 'ODATA', type: 'amount', value: 10, uses_allowed: 1 });
    await coupon(u, { code: 'OPRIT', type: 'amount', value: 10, active: false });
    const apply = (user: TestUser, id: number, code: unknown, lang = 'en') =>
      user.call('POST', `/api/v1/order/${id}/coupon`, { body: { code }, headers: { 'accept-language': lang } });
    let res = await apply(u, order.id, 'NIMIC');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['No active coupon of the company has this code.']);
    expect((await apply(u, order.id, 'OPRIT')).statusCode).toBe(422);
    expect((await apply(u, order.id, '')).json().errors).toHaveProperty('code');

    // Another order of the same company uses the only use; then the first order is refused.
    const o2 = (
      await u.call('POST', '/api/v1/order', {
        body: {
          name: 'Ana',
          phone_number: '0744 123 457',
          county: 'Cluj',
          city: 'Cluj-Napoca',
          street: 'Strada Memorandumului',
          number: '28',
          source: order.source_id ?? (await u.call('GET', '/api/v1/source')).json().data[0].id,
          products: { 'P-1': 1 },
        },
      })
    ).json().data;
    expect((await apply(u, o2.id, 'ODATA')).statusCode).toBe(200);
    res = await apply(u, order.id, 'ODATA', 'ro');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['Acest cupon nu mai are utilizări disponibile.']);

    // Another company's coupon is not found by its code; another company's order is a 404.
    expect((await apply(second.u, second.order.id, 'ODATA')).json().errors.code).toEqual([
      'No active coupon of the company has this code.',
    ]);
    expect((await apply(second.u, order.id, 'ODATA')).statusCode).toBe(404);
    expect((await second.u.call('DELETE', `/api/v1/order/${order.id}/coupon`)).statusCode).toBe(404);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/v1/order/${order.id}/coupon`,
      payload: { code: 'ODATA' },
    });
    expect(stranger.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${order.id}/coupon` })).statusCode).toBe(401);
  });
});
