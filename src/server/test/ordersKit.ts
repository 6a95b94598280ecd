import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from './harness.js';

/**
 * What the order tests of the orders module share (src/server/modules/orders/order*.test.ts): a
 * seller's source and products, its orders, a product's stock, and `ordersKit()`, which each test
 * file calls once to start its own app. The kit lives here, not in the orders module, because it
 * starts the app: the module importing the test harness would close an import cycle
 * (orders → test → app → orders).
 */

export async function source(u: TestUser, name = 'Shop'): Promise<number> {
  const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

export async function product(u: TestUser, sku: string, price: number, stock = 10, parentId?: number): Promise<number> {
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

export const stockOf = async (u: TestUser, id: number) =>
  (await u.call('GET', `/api/v1/product/${id}`)).json().data.stock as number;

export const address = { county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28' };

export async function order(
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

/**
 * The app of one test file. Call it once at the top of a test file: it registers the file's hooks,
 * and each call has its own app (test files run one after another in a worker share its modules).
 */
export function ordersKit() {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A seller with a source and two products (A-1 at 19.99, B-2 at 10.01, stock 10 each). */
  async function seller() {
    const u = await t.signUp();
    const src = await source(u);
    const a = await product(u, 'A-1', 19.99);
    const b = await product(u, 'B-2', 10.01);
    return { u, src, a, b };
  }

  /** The file's app, once beforeAll has started it. */
  const app = (): TestApp => t;
  return { app, seller };
}
