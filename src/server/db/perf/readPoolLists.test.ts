import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrders } from '../../modules/orders/list/index.js';
import { findOrder } from '../../modules/orders/queries.js';
import { listProducts } from '../../modules/products/list/index.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

// The lists end to end on a SQLite FILE, where db.reads is the read pool (the rest of the API suite
// runs on in-memory SQLite or PostgreSQL, where db.reads is the main connection).
let dir: string;
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pool-api-'));
  t = await startTestApp({ sqliteFile: path.join(dir, 'app.db') });
  user = await t.signUp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs a request and answers it with how many reads the pool served for it. */
async function viaPool(u: TestUser, url: string) {
  const before = t.db.readPool!.served;
  const res = await u.call('GET', url);
  return { res, pooled: t.db.readPool!.served - before };
}

async function createProduct(u: TestUser, sku: string, name: string): Promise<number> {
  const res = await u.call('POST', '/api/v1/product', {
    body: { sku, name, sale_type: 'Bucata', stock: 5, selling_price: 12.5, buying_price: 7, currency: 'RON' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('lists served by the SQLite read pool', () => {
  it('runs on a file with a pool of reader threads', () => {
    expect(t.db.engine).toBe('sqlite');
    expect(t.db.reads).not.toBe(t.db.kysely);
  });

  it('searches products through the pool and pages them on the main connection, seeing each write made just before', async () => {
    const first = await createProduct(user, 'CAN-1', 'Cană pictată de Horezu');
    let { res, pooled } = await viaPool(user, '/api/v1/product');
    expect(res.statusCode, res.body).toBe(200);
    expect(pooled).toBe(0);
    expect(res.json()).toMatchObject({ data: [{ id: first, sku: 'CAN-1', selling_price: 12.5 }], meta: { total: 1 } });

    const second = await createProduct(user, 'TRC-2', 'Tricou din bumbac');
    ({ res } = await viaPool(user, '/api/v1/product?items=1'));
    expect(res.json().meta.total).toBe(2);
    ({ res, pooled } = await viaPool(user, '/api/v1/product?search=horezu'));
    expect(pooled).toBeGreaterThan(0);
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([first]);

    expect((await user.call('DELETE', `/api/v1/product/${second}`)).statusCode).toBe(200);
    ({ res } = await viaPool(user, '/api/v1/product'));
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([first]);
  });

  it('keeps the answers for a stranger, another company and a bad query', async () => {
    const other = await t.signUp();
    await createProduct(other, 'ALT-1', 'Produsul altcuiva');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/product' })).statusCode).toBe(401);
    const { res } = await viaPool(user, '/api/v1/product?search=altcuiva');
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const bad = await user.call('GET', '/api/v1/product?items=0');
    expect(bad.statusCode).toBe(422);
  });

  it('searches and filters orders and customers through the pool, their plain pages on the main connection', async () => {
    const src = await user.call('POST', '/api/v1/source', { body: { company_id: user.companyId, source: 'eMAG' } });
    expect(src.statusCode, src.body).toBe(201);
    await createProduct(user, 'ORD-1', 'Ghiveci din lut');
    const created = await user.call('POST', '/api/v1/order', {
      body: {
        name: 'Ion Popescu',
        phone_number: '0744 123 456',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: src.json().data.id,
        products: { 'ORD-1': 1 },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().data.id;

    let { res, pooled } = await viaPool(user, '/api/v1/order');
    expect(pooled).toBe(0);
    expect(res.json()).toMatchObject({
      data: [{ id: orderId, customer_detail: { name: 'Ion Popescu' } }],
      meta: { total: 1 },
    });
    ({ res, pooled } = await viaPool(user, '/api/v1/order?search=Popescu'));
    expect(pooled).toBeGreaterThan(0);
    expect(res.json().data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    ({ res, pooled } = await viaPool(user, '/api/v1/order?has_awb=0'));
    expect(pooled).toBeGreaterThan(0);
    expect(res.json().data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    ({ res, pooled } = await viaPool(user, '/api/v1/order/counts'));
    expect(pooled).toBe(0);
    expect(res.json().data.all).toBe(1);
    ({ res, pooled } = await viaPool(user, '/api/v1/order/counts?has_awb=0'));
    expect(pooled).toBeGreaterThan(0);
    expect(res.json().data.all).toBe(1);

    ({ res, pooled } = await viaPool(user, '/api/v1/customer'));
    expect(pooled).toBe(0);
    expect(res.json()).toMatchObject({ data: [{ name: 'Ion Popescu' }], meta: { total: 1 } });
    ({ res, pooled } = await viaPool(user, '/api/v1/customer?search=popescu'));
    expect(pooled).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ data: [{ name: 'Ion Popescu' }], meta: { total: 1 } });

    const returned = await user.call('POST', '/api/v1/return-request', {
      body: {
        full_name: 'Ioana Marinescu',
        phone_number: '+40 722 123 456',
        email: 'ioana@example.ro',
        bill_number: 'FCT-1',
        iban: 'RO49AAAA1B31007593840000',
        reason: 'Mărime greșită',
        details: 'Vă rog.',
        source: 'eMAG',
      },
    });
    expect(returned.statusCode, returned.body).toBe(201);
    ({ res, pooled } = await viaPool(user, '/api/v1/return-request'));
    expect(pooled).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      data: [{ id: returned.json().data.id, full_name: 'Ioana Marinescu' }],
      meta: { total: 1 },
    });
  });

  it('answers 500 when a pooled read fails, and serves again once the cause is gone', async () => {
    const url = '/api/v1/customer?search=popescu';
    const ok = await viaPool(user, url);
    expect(ok.pooled).toBeGreaterThan(0);
    await sql`alter table company_customers rename to company_customers_away`.execute(t.db.kysely);
    try {
      const res = await user.call('GET', url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(res.body).not.toContain('company_customers');
    } finally {
      await sql`alter table company_customers_away rename to company_customers`.execute(t.db.kysely);
    }
    expect((await user.call('GET', url)).json()).toEqual(ok.res.json());
  });

  it('pooled and unpooled reads return the same rows', async () => {
    const link = (id: number, sha: string) => `${id}:${sha}`;
    const products: { page: number; items: number; search: string }[] = [
      { page: 1, items: 10, search: '' },
      { page: 2, items: 1, search: '' },
      { page: 1, items: 10, search: 'horezu' },
      { page: 1, items: 10, search: 'lu' },
    ];
    for (const q of products)
      expect(await listProducts(t.db.reads, 'sqlite', link, user.companyId, q), JSON.stringify(q)).toEqual(
        await listProducts(t.db.kysely, 'sqlite', link, user.companyId, q),
      );
    const orders = [
      { page: 1, items: 10, sort: '-created_at', search: '' },
      { page: 1, items: 10, sort: 'created_at', search: 'Popescu' },
      { page: 1, items: 10, sort: '-created_at', search: '0744123456' },
      { page: 1, items: 10, sort: '-created_at', search: '', has_awb: false },
    ];
    for (const q of orders) {
      const pooled = await listOrders(t.db.reads, 'sqlite', user.companyId, q as never);
      expect(pooled.data.value().length, JSON.stringify(q)).toBeGreaterThan(0);
      expect(pooled, JSON.stringify(q)).toEqual(await listOrders(t.db.kysely, 'sqlite', user.companyId, q as never));
    }
    const id = (await listOrders(t.db.kysely, 'sqlite', user.companyId, orders[0] as never)).data.value()[0].id;
    expect(await findOrder(t.db.reads, user.companyId, id)).toEqual(await findOrder(t.db.kysely, user.companyId, id));
  });
});
