import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function source(u: TestUser, name = 'Shop'): Promise<number> {
  const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: name } });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function product(u: TestUser, sku: string, price: number, stock = 10): Promise<number> {
  const res = await u.call('POST', '/api/v1/product', { body: { company_id: u.companyId, sku, name: `Product ${sku}`, sale_type: 'Bucata', stock, selling_price: price, buying_price: 1, currency: 'RON' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('orders smoke', () => {
  it('creates an order and reads it back', async () => {
    const u = await t.signUp();
    const src = await source(u);
    const p = await product(u, 'A-1', 19.99, 10);
    const res = await u.call('POST', '/api/v1/order', {
      body: { name: 'Ion Popescu', phone_number: '0744 123 456', county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28', source: src, details: 'x', products: { 'A-1': 3 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({ status: 'new', value: 59.97, total_value: 59.97, customer_detail: { name: 'Ion Popescu', phone_number: '+40744123456' } });
    const list = await u.call('GET', '/api/v1/order?items=10');
    expect(list.json().meta.total).toBe(1);
    expect(list.json().data[0].id).toBe(order.id);
    const stock = await u.call('GET', `/api/v1/product/${p}`);
    expect(stock.json().data.stock).toBe(7);
  });
});
