import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { statementCounter } from '../../test/counting.js';
import { listCustomers } from './list/index.js';
import { findShownCustomer } from './queries.js';

/**
 * The customers screen: each customer with what they spent and when they last ordered, their
 * orders, and changes of name, email and phone that stay the company's own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Seller {
  u: TestUser;
  src: number;
}

async function seller(): Promise<Seller> {
  const u = await t.signUp();
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  expect(src.statusCode, src.body).toBe(201);
  const product = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'P-1',
      name: 'Product',
      sale_type: 'Bucata',
      stock: 100,
      selling_price: 10,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  return { u, src: src.json().data.id };
}

async function order(s: Seller, who: { phone: string; name: string; email?: string }, quantity = 1) {
  const res = await s.u.call('POST', '/api/v1/order', {
    body: {
      name: who.name,
      phone_number: who.phone,
      ...(who.email ? { email: who.email } : {}),
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source: s.src,
      products: { 'P-1': quantity },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    total_value: number;
    created_at: number;
    customer_detail: { customer_id: number };
  };
}

const json = async (u: TestUser, url: string) => {
  const res = await u.call('GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('the customers list', () => {
  it('gives each customer the sum of their paid orders and their last order; a cancelled order is not spent', async () => {
    const s = await seller();
    const a = await order(s, { phone: '0744000101', name: 'Ana Pop' });
    const b = await order(s, { phone: '0744000101', name: 'Ana Pop' }, 3);
    const c = await order(s, { phone: '0744000101', name: 'Ana Pop' }, 2);
    const other = await order(s, { phone: '0744000102', name: 'Ion Ionescu' });
    expect((await s.u.call('POST', `/api/v1/order/${c.id}/cancel`)).statusCode).toBe(200);

    const list = (await json(s.u, '/api/v1/customer')).data as {
      id: number;
      total_spent: number;
      last_order_at: number;
      orders_count: number;
    }[];
    const ana = list.find((x) => x.id === a.customer_detail.customer_id)!;
    expect(ana.orders_count).toBe(3);
    expect(ana.total_spent).toBeCloseTo(a.total_value + b.total_value, 2);
    expect(ana.last_order_at).toBe(Math.max(a.created_at, b.created_at, c.created_at));
    const ion = list.find((x) => x.id === other.customer_detail.customer_id)!;
    expect(ion.total_spent).toBeCloseTo(other.total_value, 2);
    // A searched page (by name through the search index, by phone) carries the same totals.
    for (const search of ['Ana Pop', '0744000101']) {
      const [found, ...more] = (await json(s.u, `/api/v1/customer?search=${encodeURIComponent(search)}`)).data;
      expect(more, search).toEqual([]);
      expect(found, search).toEqual(ana);
    }
    // So does the customer's own page.
    expect((await json(s.u, `/api/v1/customer/${ana.id}`)).data).toEqual(ana);

    // Another company's orders of the same person count for that company only.
    const s2 = await seller();
    await order(s2, { phone: '0744000101', name: 'Ana Pop' }, 5);
    const again = (await json(s.u, `/api/v1/customer/${ana.id}`)).data;
    expect(again.total_spent).toBeCloseTo(a.total_value + b.total_value, 2);
  });

  it('finds customers by name, phone in any form, or email', async () => {
    const s = await seller();
    await order(s, { phone: '0744000201', name: 'Maria Vasilescu', email: 'maria@example.ro' });
    await order(s, { phone: '0744000202', name: 'George Enescu' });
    const names = async (search: string) =>
      ((await json(s.u, `/api/v1/customer?search=${encodeURIComponent(search)}`)).data as { name: string }[]).map(
        (c) => c.name,
      );
    expect(await names('vasil')).toEqual(['Maria Vasilescu']);
    expect(await names('+40 744 000 202')).toEqual(['George Enescu']);
    expect(await names('maria@example')).toEqual(['Maria Vasilescu']);
  });
});

describe("a customer's orders", () => {
  it('lists the company’s orders of the customer, newest first, counted by the kept count', async () => {
    const s = await seller();
    const first = await order(s, { phone: '0744000301', name: 'Dan Pop' });
    const second = await order(s, { phone: '0744000301', name: 'Dan Pop' });
    await order(s, { phone: '0744000302', name: 'Someone Else' });
    const id = first.customer_detail.customer_id;
    const page = await json(s.u, `/api/v1/customer/${id}/orders?items=1`);
    expect(page.data.map((o: { id: number }) => o.id)).toEqual([second.id]);
    expect(page.meta).toMatchObject({ total: 2, last_page: 2, current_page: 1 });
    const next = await json(s.u, `/api/v1/customer/${id}/orders?items=1&page=2`);
    expect(next.data).toEqual([
      expect.objectContaining({ id: first.id, status: 'new', total_value: first.total_value, awb: null }),
    ]);
  });

  it('answers 401 to a stranger, 404 for another company’s customer, 422 for a bad page', async () => {
    const s = await seller();
    const o = await order(s, { phone: '0744000401', name: 'Ema Pop' });
    const id = o.customer_detail.customer_id;
    const stranger = await t.app.inject({ method: 'GET', url: `/api/v1/customer/${id}/orders` });
    expect(stranger.statusCode).toBe(401);
    const s2 = await seller();
    expect((await s2.u.call('GET', `/api/v1/customer/${id}/orders`)).statusCode).toBe(404);
    const bad = await s.u.call('GET', `/api/v1/customer/${id}/orders?page=0`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['page']);
  });
});

describe("changing a customer's name, email and phone", () => {
  it('changes what the company is shown of the customer; the orders keep the details they were made with', async () => {
    const s = await seller();
    const o = await order(s, { phone: '0744000501', name: 'Radu Pop', email: 'radu@example.ro' });
    const id = o.customer_detail.customer_id;
    const res = await s.u.call('POST', `/api/v1/customer/${id}`, {
      body: { name: 'Radu Popescu', email: 'RADU.P@example.ro' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      name: 'Radu Popescu',
      email: 'radu.p@example.ro',
      phone_number: '+40744000501',
    });
    const listed = (await json(s.u, '/api/v1/customer')).data.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ name: 'Radu Popescu', email: 'radu.p@example.ro' });
    const detail = (await json(s.u, `/api/v1/order/${o.id}`)).data;
    expect(detail.customer_detail).toMatchObject({ name: 'Radu Pop', email: 'radu@example.ro' });

    // An empty email removes it; a new phone moves the customer with the new name in one call.
    const moved = await s.u.call('POST', `/api/v1/customer/${id}`, {
      body: { email: '', phone_number: '0744 000 599', name: 'Radu P.' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ name: 'Radu P.', email: null, phone_number: '+40744000599' });
  });

  it('leaves another company’s view of the same person as it was', async () => {
    const s = await seller();
    const s2 = await seller();
    const mine = await order(s, { phone: '0744000601', name: 'Irina Pop' });
    const theirs = await order(s2, { phone: '0744000601', name: 'Irina Ionescu' });
    await s.u.call('POST', `/api/v1/customer/${mine.customer_detail.customer_id}`, { body: { name: 'Irina Changed' } });
    const seen = (await json(s2.u, `/api/v1/customer/${theirs.customer_detail.customer_id}`)).data;
    expect(seen.name).toBe('Irina Ionescu');
  });

  it('answers 401, 404 for another company, and 422 per field in the user’s language, changing nothing', async () => {
    const s = await seller();
    const o = await order(s, { phone: '0744000701', name: 'Vlad Pop' });
    const id = o.customer_detail.customer_id;
    const url = `/api/v1/customer/${id}`;
    expect((await t.app.inject({ method: 'POST', url, payload: { name: 'X' } })).statusCode).toBe(401);
    const s2 = await seller();
    expect((await s2.u.call('POST', url, { body: { name: 'X' } })).statusCode).toBe(404);

    const nothing = await s.u.call('POST', url, { body: {} });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({ name: ['Nothing to update.'] });
    const bad = await s.u.call('POST', url, {
      body: { name: '  ', email: 'not-an-email', phone_number: '12' },
      headers: { 'accept-language': 'ro' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: [expect.stringMatching(/obligatoriu/)],
      email: ['Introduceți o adresă de email validă.'],
      phone_number: ['Introduceți un număr de telefon valid, de exemplu 0744 123 456.'],
    });
    expect((await json(s.u, url)).data).toMatchObject({ name: 'Vlad Pop', phone_number: '+40744000701' });
  });
});

describe('the customers read with their flags and totals', () => {
  it('in the same statement as the customers, however many are on the page', async () => {
    const s = await seller();
    const phones = ['0744000301', '0744000302', '0744000303'];
    for (const phone of phones) await order(s, { phone, name: 'Elena Marinescu' });
    const some = ((await json(s.u, '/api/v1/customer')).data as { id: number }[]).map((c) => c.id);
    for (const id of some) {
      const res = await s.u.call('POST', `/api/v1/customer/${id}/flag`, { body: { reason: 'Refused' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const statements = statementCounter();
    const counted = t.db.kysely.withPlugin(statements.plugin);
    const read = async (search: string, items: number) => {
      statements.count = 0;
      const page = await listCustomers(counted, t.db.engine, s.u.companyId, { page: 1, items, search });
      expect(page.data.map((c) => c.flags.length)).toEqual(page.data.map(() => 1));
      return { rows: page.data.length, statements: statements.count };
    };
    // The page with its kept count; a name search on PostgreSQL is one statement, on SQLite the
    // search index's ids and the page.
    const byName = t.db.engine === 'postgres' ? 1 : 2;
    expect(await read('', 1)).toEqual({ rows: 1, statements: 1 });
    expect(await read('', 3)).toEqual({ rows: 3, statements: 1 });
    // The kept count, on a page of rows and on a page past the end (no row to carry it).
    for (const page of [1, 99]) {
      const { data, meta } = await listCustomers(t.db.kysely, t.db.engine, s.u.companyId, {
        page,
        items: 2,
        search: '',
      });
      expect(data).toHaveLength(page === 1 ? 2 : 0);
      expect(meta.total, `page ${page}`).toBe(3);
    }
    expect(await read('Marinescu', 1)).toEqual({ rows: 1, statements: byName });
    expect(await read('Marinescu', 3)).toEqual({ rows: 3, statements: byName });
    expect(await read('0744000302', 3)).toEqual({ rows: 1, statements: 2 });
    statements.count = 0;
    expect((await findShownCustomer(counted, t.db.engine, s.u.companyId, some[0]!))?.flags).toHaveLength(1);
    expect(statements.count).toBe(1);
    expect(await findShownCustomer(counted, t.db.engine, s.u.companyId + 1000, some[0]!)).toBeUndefined();
  });
});
