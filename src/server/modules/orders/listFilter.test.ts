import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { serviceContext } from '../../context.js';
import { orderListFilterSchema } from '../../../core/orders/listFilter.js';
import { fromBucharest } from '../../lib/bucharestTime.js';
import { countOrdersMatching, orderIdsMatching } from './index.js';
import { recountOrderLists } from '../order-counts/index.js';
import { attachAwb, detachAwb, lockOrder } from '../order-lifecycle/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Seeded {
  u: TestUser;
  src: number;
  src2: number;
  ids: number[];
}

/**
 * A company with eight orders of known parts: couriers, AWBs, invoices, sources, days (around
 * the Bucharest midnight and a DST change), statuses and one flagged customer. The parts an
 * order gets from its AWB and invoice are written directly: the filter reads the columns, and
 * how they are written is the lifecycle's test.
 */
async function seed(): Promise<Seeded> {
  const u = await t.signUp();
  const mk = async (name: string) =>
    (await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: name } })).json().data.id;
  const src = await mk('Shop');
  const src2 = await mk('Phone');
  const p = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'A-1',
      name: 'Mug',
      sale_type: 'Bucata',
      stock: 100,
      selling_price: 19.99,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(p.statusCode, p.body).toBe(201);
  const ids: number[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await u.call('POST', '/api/v1/order', {
      body: {
        name: i === 7 ? 'Dana Flag' : `Client ${i}`,
        phone_number: `0744 100 00${i}`,
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: i % 2 ? src2 : src,
        products: { 'A-1': 1 },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().data.id);
  }
  const at = (text: string) => fromBucharest(text)!;
  const parts: Record<string, unknown>[] = [
    { created_at: at('2026-03-01 00:00:00'), status: 'new' },
    {
      created_at: at('2026-03-01 23:59:59'),
      status: 'processing',
      courier: 'cargus',
      awb: 'C1',
      courier_status: 'created',
    },
    {
      created_at: at('2026-03-02 00:00:00'),
      status: 'processing',
      courier: 'sameday',
      awb: 'S1',
      courier_status: 'in_transit',
    },
    {
      created_at: at('2026-03-29 03:30:00'),
      status: 'completed',
      courier: 'cargus',
      awb: 'C2',
      courier_status: 'delivered',
      bill_number: 'F1',
    },
    {
      created_at: at('2026-03-30 00:00:00'),
      status: 'completed',
      courier: 'dpd',
      awb: 'D1',
      courier_status: 'delivered',
      bill_number: 'F2',
    },
    { created_at: at('2026-02-28 23:59:59'), status: 'cancelled' },
    { created_at: at('2026-04-01 10:00:00'), status: 'storno', bill_number: 'F3' },
    { created_at: at('2026-04-02 10:00:00'), status: 'new' },
  ];
  for (const [i, set] of parts.entries())
    await t.db.kysely.updateTable('orders').set(set).where('id', '=', ids[i]).execute();
  // The rows were written directly: the kept counts are counted again from them, as a seed does.
  await recountOrderLists(t.db.kysely, u.companyId);
  const detail = (await u.call('GET', `/api/v1/order/${ids[7]}`)).json().data;
  const f = await u.call('POST', `/api/v1/customer/${detail.customer_detail.customer_id}/flag`, {
    body: { reason: 'Refused the parcel' },
  });
  expect(f.statusCode, f.body).toBe(201);
  return { u, src, src2, ids };
}

let s: Seeded;
beforeAll(async () => {
  s = await seed();
});

const listIds = async (u: TestUser, query: string) => {
  const res = await u.call('GET', `/api/v1/order?items=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.data.map((r: { id: number }) => r.id) as number[], total: body.meta.total as number };
};

describe('orders list filters', () => {
  it('each filter narrows the list to exactly its orders, newest first', async () => {
    const { u, ids } = s;
    const pick = (...i: number[]) => i.map((k) => ids[k]).sort((a, b) => b - a);
    const cases: [string, number[]][] = [
      ['courier=cargus', pick(1, 3)],
      ['courier=sameday', pick(2)],
      ['courier_status=delivered', pick(3, 4)],
      [`source=${s.src2}`, pick(1, 3, 5, 7)],
      ['has_awb=1', pick(1, 2, 3, 4)],
      ['has_awb=0', pick(0, 5, 6, 7)],
      ['has_invoice=1', pick(3, 4, 6)],
      ['has_invoice=0', pick(0, 1, 2, 5, 7)],
      ['flagged=1', pick(7)],
      ['flagged=0', pick(0, 1, 2, 3, 4, 5, 6)],
      // Inclusive Bucharest days: the first and last second of 1 March, not 28 February's last.
      ['created_from=2026-03-01&created_to=2026-03-01', pick(0, 1)],
      ['created_from=2026-03-02', pick(2, 3, 4, 6, 7)],
      ['created_to=2026-03-01', pick(0, 1, 5)],
      // 29 March has 23 hours in Bucharest (summer time starts at 03:00).
      ['created_from=2026-03-29&created_to=2026-03-29', pick(3)],
      ['courier=cargus&created_from=2026-03-02', pick(3)],
      ['status=processing&has_awb=1', pick(1, 2)],
      ['status=new&flagged=1', pick(7)],
      ['search=Client&has_awb=0', pick(0, 5, 6)],
      ['search=0744100003&courier=cargus', pick(3)],
      ['search=0744100003&courier=dpd', []],
      [`search=${ids[4]}&has_invoice=1`, pick(4)],
    ];
    for (const [q, want] of cases) {
      const got = await listIds(u, q);
      expect(got.ids, q).toEqual(want);
      expect(got.total, q).toBe(want.length);
      // Oldest first too, and a page of one keeps the total.
      expect((await listIds(u, `${q}&sort=created_at`)).ids, q).toEqual([...want].reverse());
      const one = await u.call('GET', `/api/v1/order?items=1&page=2&${q}`);
      expect(
        one.json().data.map((r: { id: number }) => r.id),
        q,
      ).toEqual(want.slice(1, 2));
      expect(one.json().meta.total, q).toBe(want.length);
    }
  });

  it('the tab counts are the list totals of each tab under the same filters', async () => {
    const { u } = s;
    for (const q of [
      '',
      'courier=cargus',
      'has_awb=0',
      'has_awb=1',
      'flagged=1',
      'flagged=0',
      'has_invoice=1&created_from=2026-03-02',
      'search=Client',
    ]) {
      const res = await u.call('GET', `/api/v1/order/counts?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const counts = res.json().data as Record<string, number>;
      expect(Object.keys(counts).sort()).toEqual(
        ['all', 'cancelled', 'completed', 'new', 'partially_storno', 'processing', 'storno'].sort(),
      );
      for (const [tab, n] of Object.entries(counts)) {
        const list = await listIds(u, `${q}${tab === 'all' ? '' : `&status=${tab}`}`);
        expect(list.total, `${q} ${tab}`).toBe(n);
        expect(list.ids.length, `${q} ${tab}`).toBe(n);
      }
    }
    // A status parameter does not narrow the counts (they are the tabs).
    expect((await u.call('GET', '/api/v1/order/counts?status=new')).json().data.all).toBe(8);
  });

  it('the selection functions select what the list shows', async () => {
    const { u } = s;
    const ctx = serviceContext(t.services, { companyId: u.companyId, userId: u.id });
    for (const q of [
      '',
      'status=new',
      'courier=cargus',
      'has_awb=0&flagged=0',
      'search=Client&has_awb=0',
      'has_awb=1&status=processing',
      'flagged=0&status=storno',
      'flagged=1&invoice_status=none',
    ]) {
      const filter = orderListFilterSchema.parse(Object.fromEntries(new URLSearchParams(q)));
      const list = await listIds(u, q);
      expect(await countOrdersMatching(ctx, filter), q).toBe(list.total);
      expect(await orderIdsMatching(ctx, filter, 100), q).toEqual(list.ids);
      expect(await orderIdsMatching(ctx, filter, 2), q).toEqual(list.ids.slice(0, 2));
    }
  });

  it('keeps the counts of the AWB and flag filters equal to the list across every write that moves an order', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const third = await t.signUp();
    const sources = new Map<TestUser, number>();
    const products = new Map<TestUser, number>();
    for (const who of [u, other, third]) {
      const src = await who.call('POST', '/api/v1/source', { body: { company_id: who.companyId, source: 'Shop' } });
      sources.set(who, src.json().data.id);
      const p = await who.call('POST', '/api/v1/product', {
        body: {
          company_id: who.companyId,
          sku: 'K-1',
          name: 'Mug',
          sale_type: 'Bucata',
          stock: 100,
          selling_price: 10,
          buying_price: 1,
          currency: 'RON',
        },
      });
      expect(p.statusCode, p.body).toBe(201);
      products.set(who, p.json().data.id);
    }
    const order = async (who: TestUser, phone: string) => {
      const res = await who.call('POST', '/api/v1/order', {
        body: {
          name: 'Kept Count',
          phone_number: phone,
          county: 'Cluj',
          city: 'Cluj-Napoca',
          street: 'Strada Memorandumului',
          number: '28',
          source: sources.get(who),
          products: { 'K-1': 1 },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; customer_detail: { customer_id: number } };
    };
    // Customer A has three orders with u and one with the other company; B one with u.
    const a1 = await order(u, '0745 200 001');
    const a2 = await order(u, '0745 200 001');
    const a3 = await order(u, '0745 200 001');
    const b1 = await order(u, '0745 200 002');
    await order(other, '0745 200 001');
    const a = a1.customer_detail.customer_id;
    const ctx = serviceContext(t.services, { companyId: u.companyId, userId: u.id });

    /** Every tab under every kept filter equals the number of orders the list shows, in both companies. */
    const agree = async (step: string, want?: { flagged: number; noAwb: number }) => {
      const each: [TestUser, string][] = [
        ...['', 'has_awb=0', 'has_awb=1', 'flagged=1', 'flagged=0'].map((q): [TestUser, string] => [u, q]),
        [other, 'flagged=1'],
        [other, 'flagged=0'],
      ];
      for (const [who, q] of each) {
        const counts = (await who.call('GET', `/api/v1/order/counts?${q}`)).json().data as Record<string, number>;
        for (const [tab, n] of Object.entries(counts)) {
          const list = await listIds(who, `${q}${tab === 'all' ? '' : `&status=${tab}`}`);
          expect(list.ids.length, `${step}: ${q} ${tab}`).toBe(n);
          expect(list.total, `${step}: ${q} ${tab}`).toBe(n);
        }
      }
      if (want) {
        expect((await listIds(u, 'flagged=1')).total, step).toBe(want.flagged);
        expect((await listIds(u, 'has_awb=0')).total, step).toBe(want.noAwb);
      }
    };
    await agree('created', { flagged: 0, noAwb: 4 });
    const flag = (who: TestUser) =>
      who.call('POST', `/api/v1/customer/${a}/flag`, { body: { reason: 'Refused the parcel' } });
    expect((await flag(u)).statusCode).toBe(201);
    await agree('flagged by this company', { flagged: 3, noAwb: 4 });
    // A second flag (the other company's) does not count the orders twice; one removed leaves them flagged.
    expect((await flag(other)).statusCode).toBe(201);
    await agree('flagged by both', { flagged: 3, noAwb: 4 });
    expect((await u.call('DELETE', `/api/v1/customer/${a}/flag`)).statusCode).toBe(200);
    await agree('still flagged by the other company', { flagged: 3, noAwb: 4 });
    expect((await u.call('POST', `/api/v1/order/${a2.id}/cancel`)).statusCode).toBe(200);
    await agree('a flagged order cancelled', { flagged: 3, noAwb: 4 });
    // An AWB created and deleted, as the shipping module does it through the lifecycle.
    await t.db.transaction(async (trx) => {
      const o = await lockOrder(trx, ctx, a1.id);
      await attachAwb(trx, ctx, o, { courier: 'cargus', awb: 'KEPT1' });
    });
    await agree('an AWB created', { flagged: 3, noAwb: 3 });
    await t.db.transaction(async (trx) => {
      const o = await lockOrder(trx, ctx, b1.id);
      await attachAwb(trx, ctx, o, { courier: 'dpd', awb: 'KEPT2' });
    });
    await t.db.transaction(async (trx) => {
      const o = await lockOrder(trx, ctx, a1.id);
      await detachAwb(trx, ctx, o, { movedFrom: 'new', goneAtCourier: false });
    });
    await agree('an AWB deleted', { flagged: 3, noAwb: 3 });
    expect((await other.call('DELETE', `/api/v1/customer/${a}/flag`)).statusCode).toBe(200);
    await agree('unflagged by every company', { flagged: 0, noAwb: 3 });
    // A company that alone flagged the customer is deleted (with its flags, once it has no orders or products).
    const t1 = await order(third, '0745 200 001');
    expect((await flag(third)).statusCode).toBe(201);
    await agree('flagged by a third company', { flagged: 3, noAwb: 3 });
    expect((await third.call('DELETE', `/api/v1/order/${t1.id}`)).statusCode).toBe(200);
    expect((await third.call('DELETE', `/api/v1/product/${products.get(third)}`)).statusCode).toBe(200);
    const gone = await third.call('DELETE', `/api/v1/company/${third.companyId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    await agree('the flagging company deleted', { flagged: 0, noAwb: 3 });
    expect((await flag(u)).statusCode).toBe(201);
    // The company moves its customer to another number (another, unflagged person): its orders leave the flagged counts.
    const moved = await u.call('POST', `/api/v1/customer/${a}`, { body: { phone_number: '0745 200 003' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await agree('moved to an unflagged number', { flagged: 0, noAwb: 3 });
    // And back to the flagged person.
    const back = await u.call('POST', `/api/v1/customer/${moved.json().data.id}`, {
      body: { phone_number: '0745 200 001' },
    });
    expect(back.statusCode, back.body).toBe(200);
    await agree('moved back to the flagged number', { flagged: 3, noAwb: 3 });
    expect((await u.call('DELETE', `/api/v1/order/${a3.id}`)).statusCode).toBe(200);
    await agree('a flagged order deleted', { flagged: 2, noAwb: 2 });
    // What was kept is what counting the rows gives.
    const kept = async () =>
      (
        await t.db.kysely
          .selectFrom('list_counts')
          .select(['bucket', sql<number>`sum(n)`.as('n')])
          .where('company_id', '=', u.companyId)
          .where('list', '=', 'orders')
          .groupBy('bucket')
          .execute()
      )
        .map((r) => `${r.bucket}=${Number(r.n)}`)
        .filter((r) => !r.endsWith('=0'))
        .sort();
    const before = await kept();
    await recountOrderLists(t.db.kysely, u.companyId);
    expect(await kept()).toEqual(before);
    // The counts and the total under these filters are read from the kept rows, not counted: a kept
    // row changed by hand shows (the tabs and the list's total; the other side is the rest).
    await t.db.kysely
      .insertInto('list_counts')
      .values({ company_id: u.companyId, list: 'orders', bucket: 'no_awb:', shard: 31, n: 100 })
      // A connection of the pool may already have written that shard (PostgreSQL numbers them from a random start).
      .onConflict((oc) =>
        oc.columns(['company_id', 'list', 'bucket', 'shard']).doUpdateSet({ n: sql<number>`list_counts.n + 100` }),
      )
      .execute();
    expect((await u.call('GET', '/api/v1/order/counts?has_awb=0')).json().data.all).toBe(102);
    expect((await u.call('GET', '/api/v1/order/counts?has_awb=1')).json().data.all).toBe(3 - 102);
    expect((await u.call('GET', '/api/v1/order?has_awb=0')).json().meta.total).toBe(102);
    await recountOrderLists(t.db.kysely, u.companyId);
    expect((await u.call('GET', '/api/v1/order/counts?has_awb=0')).json().data.all).toBe(2);
  }, 120_000);

  it('refuses an unknown value on its own field, in the language asked', async () => {
    const { u } = s;
    const bad =
      'courier=ups&courier_status=lost&source=x&created_from=2026-02-30&created_to=01.03.2026&has_awb=yes&has_invoice=2&flagged=true&status=gone';
    for (const url of [`/api/v1/order?${bad}`, `/api/v1/order/counts?${bad}`]) {
      const res = await u.call('GET', url, { headers: { 'accept-language': 'ro' } });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      const fields = [
        'courier',
        'courier_status',
        'source',
        'created_from',
        'created_to',
        'has_awb',
        'has_invoice',
        'flagged',
      ];
      expect(Object.keys(errors)).toEqual(expect.arrayContaining(fields));
      expect(errors.created_from[0]).toBe('Introduceți o dată de forma AAAA-LL-ZZ.');
    }
    const range = await u.call('GET', '/api/v1/order?created_from=2026-03-02&created_to=2026-03-01');
    expect(range.statusCode).toBe(422);
    expect(range.json().errors.created_to).toEqual(['The end date cannot be before the start date.']);
  });

  it("answers 401 to a stranger and never counts another company's orders", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/order/counts' })).statusCode).toBe(401);
    const other = await t.signUp();
    const res = await other.call('GET', '/api/v1/order/counts?courier=cargus');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.all).toBe(0);
    expect((await other.call('GET', `/api/v1/order?source=${s.src}`)).json().data).toEqual([]);
  });
});
