import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { invoiceSource } from '../invoices/queries.js';

/**
 * A customer is a person shared by phone across companies, but what each company is shown of
 * them (phone, name, email) and changes is its own: one company's edit never reaches another's
 * customer, orders or history, and its answers never tell whether a number is known elsewhere.
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

/** A company with a source and a product (SKU P-1) to order. */
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

async function order(s: Seller, who: { phone: string; name: string; email?: string }) {
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
      products: { 'P-1': 1 },
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

const get = async (u: TestUser, url: string) => {
  const res = await u.call('GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** Everything the company is shown of one order and its customer, as the API answers it. */
async function seen(u: TestUser, orderId: number, customerId: number) {
  const detail = (await get(u, `/api/v1/order/${orderId}`)).data;
  const row = (await get(u, '/api/v1/order')).data.find((o: { id: number }) => o.id === orderId);
  const listed = (await get(u, '/api/v1/customer')).data.find((c: { id: number }) => c.id === customerId);
  const customer = (await get(u, `/api/v1/customer/${customerId}`)).data;
  return { detail, row, listed, customer };
}

describe("a company's change of its customer's phone", () => {
  it("never reaches another company's customer, orders, lists or history; the changing company's history has it", async () => {
    const a = await seller();
    const b = await seller();
    const bOrder = await order(b, { phone: '0740 100 001', name: 'Maria Bălan', email: 'maria@b.ro' });
    const shared = bOrder.customer_detail.customer_id;
    const bBefore = await seen(b.u, bOrder.id, shared);
    // A orders with the number only B's customer has: the order joins that person.
    const aOrder = await order(a, { phone: '+40740100001', name: 'Ion Albu', email: 'ion@a.ro' });
    expect(aOrder.customer_detail.customer_id).toBe(shared);

    const change = await a.u.call('POST', `/api/v1/customer/${shared}`, { body: { phone_number: '0740 100 002' } });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().data).toMatchObject({ phone_number: '+40740100002', name: 'Ion Albu', email: 'ion@a.ro' });
    const moved = change.json().data.id as number;

    // B: its customer, its order (detail and list row), its customers list, its history, unchanged.
    const bAfter = await seen(b.u, bOrder.id, shared);
    expect(bAfter).toEqual(bBefore);
    expect(bAfter.customer.phone_number).toBe('+40740100001');
    expect(bAfter.detail.customer_detail.phone_number).toBe('+40740100001');
    expect(bAfter.row.customer_detail.phone_number).toBe('+40740100001');
    expect(bAfter.detail.history.map((e: { type: string }) => e.type)).not.toContain('phone_changed');
    expect((await get(b.u, '/api/v1/order?search=0740100001')).data.map((o: { id: number }) => o.id)).toEqual([
      bOrder.id,
    ]);
    expect((await get(b.u, '/api/v1/order?search=0740100002')).data).toEqual([]);
    expect((await invoiceSource(t.db.kysely, bOrder.id)).detail.phone_number).toBe('+40740100001');

    // A: its customer and order under the new number, the change in its order's history.
    const aAfter = await seen(a.u, aOrder.id, moved);
    expect(aAfter.customer).toMatchObject({ phone_number: '+40740100002', name: 'Ion Albu', orders_count: 1 });
    expect(aAfter.listed).toEqual(aAfter.customer);
    expect(aAfter.detail.customer_detail).toMatchObject({ customer_id: moved, phone_number: '+40740100002' });
    expect(aAfter.row.customer_detail).toMatchObject({ customer_id: moved, phone_number: '+40740100002' });
    expect(aAfter.detail.history[0]).toMatchObject({
      type: 'phone_changed',
      data: { from: '+40740100001', to: '+40740100002' },
    });
    expect((await get(a.u, '/api/v1/order?search=0740100002')).data.map((o: { id: number }) => o.id)).toEqual([
      aOrder.id,
    ]);
    expect((await get(a.u, '/api/v1/order?search=0740100001')).data).toEqual([]);
    expect((await get(a.u, '/api/v1/customer?search=0740100002')).meta.total).toBe(1);
    expect((await get(a.u, '/api/v1/customer?search=0740100001')).data).toEqual([]);
    expect((await get(a.u, '/api/v1/customer')).meta.total).toBe(1);
    expect((await invoiceSource(t.db.kysely, aOrder.id)).detail.phone_number).toBe('+40740100002');
    // A no longer has a customer under the old number.
    expect((await a.u.call('GET', `/api/v1/customer/${shared}`)).statusCode).toBe(404);

    // A new order of A with the new number joins A's customer; one of B with it is B's own.
    const aSecond = await order(a, { phone: '0740100002', name: 'Ion Albu' });
    expect(aSecond.customer_detail.customer_id).toBe(moved);
    expect((await get(a.u, `/api/v1/customer/${moved}`)).data.orders_count).toBe(2);
    expect((await get(b.u, `/api/v1/customer/${shared}`)).data.orders_count).toBe(1);
  });

  it('answers alike whether or not another company knows the new number (no 409, same message)', async () => {
    const a = await seller();
    const b = await seller();
    // Two numbers B knows: one for each language's round.
    await order(b, { phone: '0740 200 001', name: 'Known Elsewhere' });
    await order(b, { phone: '0740 200 002', name: 'Also Known' });

    /** A's answer to moving a new customer of its own to `phone`, without what naturally differs (id, name, number, times). */
    const answer = async (name: string, from: string, to: string, lang: string) => {
      const mine = await order(a, { phone: from, name });
      const res = await a.u.call('POST', `/api/v1/customer/${mine.customer_detail.customer_id}`, {
        body: { phone_number: to },
        headers: { 'accept-language': lang },
      });
      const { data, ...rest } = res.json();
      const {
        id,
        name: shownName,
        phone_number: phone,
        created_at: createdAt,
        last_order_at: lastOrderAt,
        ...others
      } = data ?? {};
      expect({ id, shownName, phone, createdAt, lastOrderAt }).toEqual({
        id: expect.any(Number),
        shownName: name,
        phone: expect.stringMatching(/^\+40/),
        createdAt: expect.any(Number),
        lastOrderAt: mine.created_at,
      });
      // What the customer spent with A is A's order, whoever else knows the number.
      expect(others.total_spent).toBe(mine.total_value);
      return { status: res.statusCode, rest, others };
    };
    for (const lang of ['en', 'ro']) {
      const n = lang === 'en' ? '1' : '2';
      const known = await answer(`Ana ${lang}`, `0740 201 00${n}`, `0740 200 00${n}`, lang);
      const fresh = await answer(`Dan ${lang}`, `0740 202 00${n}`, `0740 203 00${n}`, lang);
      expect(known).toEqual({
        status: 200,
        rest: {},
        others: { email: null, orders_count: 1, total_spent: 10, flags: [] },
      });
      expect(fresh).toEqual(known);
    }
    // B's customer kept its number and its count through all of it.
    expect((await get(b.u, '/api/v1/customer')).data).toMatchObject([
      { name: 'Also Known', phone_number: '+40740200002', orders_count: 1 },
      { name: 'Known Elsewhere', phone_number: '+40740200001', orders_count: 1 },
    ]);
    // Only the company's own other customer with the number is refused: A's now has it.
    const last = await order(a, { phone: '0740 204 001', name: 'Eva' });
    const mine = await a.u.call('POST', `/api/v1/customer/${last.customer_detail.customer_id}`, {
      body: { phone_number: '0740 200 001' },
    });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe('This phone number already belongs to another of your company’s customers.');
  });

  it("never shows a company another company's name or email of a shared customer, before or after a change", async () => {
    const a = await seller();
    const b = await seller();
    const bOrder = await order(b, { phone: '0740 300 001', name: 'Maria Bălan', email: 'maria.b@example.ro' });
    const aOrder = await order(a, { phone: '0740 300 002', name: 'Ion Albu' });
    const check = async (customerId: number) => {
      const answers = JSON.stringify([
        await seen(a.u, aOrder.id, customerId),
        await get(a.u, '/api/v1/order?search=Maria'),
        await get(a.u, '/api/v1/customer?search=maria.b'),
      ]);
      expect(answers).not.toContain('Maria');
      expect(answers).not.toContain('maria.b@example.ro');
      expect(answers).toContain('Ion Albu');
    };
    await check(aOrder.customer_detail.customer_id);
    // A's customer now has the number of B's customer: A still sees only what it typed.
    const change = await a.u.call('POST', `/api/v1/customer/${aOrder.customer_detail.customer_id}`, {
      body: { phone_number: '0740 300 001' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().data).toMatchObject({ name: 'Ion Albu', email: null, phone_number: '+40740300001' });
    expect(change.json().data.id).toBe(bOrder.customer_detail.customer_id);
    await check(change.json().data.id);
    // And B still sees only what it typed.
    const bSeen = JSON.stringify(await seen(b.u, bOrder.id, bOrder.customer_detail.customer_id));
    expect(bSeen).toContain('Maria Bălan');
    expect(bSeen).not.toContain('Ion Albu');
  });

  it('flags stay on the person they were raised on and are seen without the company that raised them', async () => {
    const a = await seller();
    const b = await seller();
    const bOrder = await order(b, { phone: '0740 400 001', name: 'Maria' });
    const aOrder = await order(a, { phone: '0740 400 001', name: 'Ion' });
    const shared = aOrder.customer_detail.customer_id;
    expect(
      (await a.u.call('POST', `/api/v1/customer/${shared}/flag`, { body: { reason: 'Refused the parcel' } }))
        .statusCode,
    ).toBe(201);
    const other = await order(b, { phone: '0740 400 002', name: 'Vasile' });
    expect(
      (
        await b.u.call('POST', `/api/v1/customer/${other.customer_detail.customer_id}/flag`, {
          body: { reason: 'No answer' },
        })
      ).statusCode,
    ).toBe(201);
    // A's customer moves to the number B flagged.
    const change = await a.u.call('POST', `/api/v1/customer/${shared}`, { body: { phone_number: '0740400002' } });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().data.flags).toEqual([
      { reason: 'No answer', created_at: expect.any(Number), flagged_by_company_id: null, by_this_company: false },
    ]);
    // B's customer of the old number still shows A's flag, anonymously, as before.
    expect((await get(b.u, `/api/v1/order/${bOrder.id}`)).data.customer_detail.flags).toEqual([
      {
        reason: 'Refused the parcel',
        created_at: expect.any(Number),
        flagged_by_company_id: null,
        by_this_company: false,
      },
    ]);
    expect(JSON.stringify(await get(a.u, '/api/v1/order'))).not.toContain(`"flagged_by_company_id":${b.u.companyId}`);
  });
});

describe('a change of number at the same moment as orders and deletes', () => {
  it("every order stays on a customer the company has, with that customer's number and count", async () => {
    const a = await seller();
    const b = await seller();
    for (let round = 0; round < 4; round++) {
      const [oldPhone, newPhone] = [`0741 00${round} 001`, `0741 00${round} 002`];
      await order(b, { phone: oldPhone, name: 'Maria' });
      const first = await order(a, { phone: oldPhone, name: 'Ion' });
      const doomed = await order(a, { phone: oldPhone, name: 'Ion' });
      const results = await Promise.all([
        a.u.call('POST', `/api/v1/customer/${first.customer_detail.customer_id}`, {
          body: { phone_number: newPhone },
        }),
        order(a, { phone: oldPhone, name: 'Ion' }),
        round % 2 ? order(a, { phone: newPhone, name: 'Ion' }) : Promise.resolve(null),
        a.u.call('DELETE', `/api/v1/order/${doomed.id}`),
        order(b, { phone: newPhone, name: 'Vasile' }),
      ]);
      // Refused only when A's own order with the new number made it A's customer first.
      expect([200, 409]).toContain(results[0].statusCode);
      expect(results[3].statusCode, results[3].body).toBe(200);
    }
    const customers = (await get(a.u, '/api/v1/customer?items=100')).data as {
      id: number;
      phone_number: string;
      orders_count: number;
    }[];
    const orders = (await get(a.u, '/api/v1/order?items=100')).data as {
      id: number;
      customer_detail: { customer_id: number; phone_number: string };
    }[];
    expect((await get(a.u, '/api/v1/customer')).meta.total).toBe(customers.length);
    expect(new Set(customers.map((c) => c.phone_number)).size).toBe(customers.length);
    for (const c of customers) {
      const mine = orders.filter((o) => o.customer_detail.customer_id === c.id);
      expect(mine.map((o) => o.customer_detail.phone_number)).toEqual(mine.map(() => c.phone_number));
      expect(mine.length, c.phone_number).toBe(c.orders_count);
    }
    expect(customers.reduce((n, c) => n + c.orders_count, 0)).toBe(orders.length);
    // B's customers kept their numbers and counts.
    const bCustomers = (await get(b.u, '/api/v1/customer?items=100')).data as {
      phone_number: string;
      orders_count: number;
    }[];
    expect(bCustomers).toHaveLength(8);
    for (const c of bCustomers) expect(c.orders_count).toBe(1);
  });
});
