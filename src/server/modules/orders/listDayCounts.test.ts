import { afterAll, beforeAll, expect, it } from 'vitest';
import { serviceContext } from '../../context.js';
import { recountOrderLists } from '../../db/orderListCounts.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import { manualClock } from '../../lib/clock.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { attachAwb, changeInvoiceStatus, detachAwb, lockOrder } from '../order-lifecycle/index.js';

/**
 * The list's total and tab counts under a courier and/or creation days are read from the per-day
 * kept counts (order_list_day_counts): after every write that moves an order they equal what the
 * list shows, each order counted on its Bucharest day (an order at 23:30 UTC is the next day's).
 */
// The company signs up on the day of the first order (a token idle for 30 days expires).
const clock = manualClock(Math.floor(Date.parse('2026-10-14T20:00:00Z') / 1000));
let t: TestApp;
let u: TestUser;
let source: number;
beforeAll(async () => {
  t = await startTestApp({ clock });
  u = await t.signUp();
  source = (await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } })).json().data
    .id;
  const p = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'D-1',
      name: 'Mug',
      sale_type: 'Bucata',
      stock: 100,
      selling_price: 10,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(p.statusCode, p.body).toBe(201);
});
afterAll(() => t.close());

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

async function orderAt(iso: string, phone: string): Promise<number> {
  clock.set(at(iso));
  const res = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Day Count',
      phone_number: phone,
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source,
      products: { 'D-1': 1 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function listOf(query: string) {
  const res = await u.call('GET', `/api/v1/order?items=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { ids: res.json().data.map((r: { id: number }) => r.id) as number[], total: res.json().meta.total as number };
}

const FILTERS = [
  'courier=cargus',
  'courier=dpd&created_to=2026-10-31',
  'created_from=2026-10-15&created_to=2026-10-15',
  'created_to=2026-10-14',
  'created_from=2026-11-03',
  'courier=cargus&created_from=2026-10-15&created_to=2026-10-31',
  'created_from=2026-10-01&created_to=2026-11-30&invoice_status=issued',
];

/** The per-day rows of the company, zero rows left out. */
async function keptRows(): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('order_list_day_counts')
    .selectAll()
    .where('company_id', '=', u.companyId)
    .execute();
  return rows
    .filter((r) => r.orders !== 0)
    .map((r) => `${r.day} ${r.courier} ${r.status} ${r.invoice_status}=${r.orders}`)
    .sort();
}

/** Every tab under every filter equals the list's total and its rows; the kept rows are what counting gives. */
async function agree(step: string): Promise<void> {
  for (const q of FILTERS) {
    const res = await u.call('GET', `/api/v1/order/counts?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    for (const [tab, n] of Object.entries(res.json().data as Record<string, number>)) {
      const list = await listOf(`${q}${tab === 'all' ? '' : `&status=${tab}`}`);
      expect(list.ids.length, `${step}: ${q} ${tab}`).toBe(n);
      expect(list.total, `${step}: ${q} ${tab}`).toBe(n);
    }
  }
  // Every order lies within the id bounds of its kept row (where the filtered page walks).
  const rows = await t.db.kysely
    .selectFrom('order_list_day_counts')
    .selectAll()
    .where('company_id', '=', u.companyId)
    .execute();
  const orders = await t.db.kysely
    .selectFrom('orders')
    .select(['id', 'created_at', 'courier', 'status', 'invoice_status'])
    .where('company_id', '=', u.companyId)
    .execute();
  for (const o of orders) {
    const row = rows.find(
      (r) =>
        r.day === bucharestDate(Number(o.created_at)) &&
        r.courier === (o.courier ?? '') &&
        r.status === o.status &&
        r.invoice_status === o.invoice_status,
    );
    expect(row && row.min_id <= o.id && o.id <= row.max_id, `${step}: order ${o.id} in ${JSON.stringify(row)}`).toBe(
      true,
    );
  }
  const kept = await keptRows();
  await recountOrderLists(t.db.kysely, u.companyId);
  expect(await keptRows(), step).toEqual(kept);
}

it('keeps the counts of a courier and of creation days equal to the list across every write', async () => {
  // Bucharest is UTC+3 in October, UTC+2 from 25 October.
  const a = await orderAt('2026-10-14T23:30:00Z', '0746 300 001'); // 15 October, 02:30
  const b = await orderAt('2026-10-14T20:59:59Z', '0746 300 002'); // 14 October, 23:59:59
  const c = await orderAt('2026-10-14T21:00:00Z', '0746 300 003'); // 15 October, 00:00
  const d = await orderAt('2026-11-02T22:30:00Z', '0746 300 004'); // 3 November, 00:30
  const e = await orderAt('2026-11-02T21:30:00Z', '0746 300 005'); // 2 November, 23:30
  await agree('created');
  expect((await listOf('created_from=2026-10-15&created_to=2026-10-15')).ids).toEqual([c, a]);
  expect((await listOf('created_to=2026-10-14')).ids).toEqual([b]);
  expect((await listOf('created_from=2026-11-03')).ids).toEqual([d]);
  expect((await listOf('created_from=2026-11-02&created_to=2026-11-02')).ids).toEqual([e]);

  const ctx = () => serviceContext(t.services, { companyId: u.companyId, userId: u.id });
  const write = (fn: (trx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) => Promise<unknown>) =>
    t.db.transaction(fn);
  await write(async (trx) => attachAwb(trx, ctx(), await lockOrder(trx, ctx(), a), { courier: 'cargus', awb: 'DC1' }));
  await write(async (trx) => attachAwb(trx, ctx(), await lockOrder(trx, ctx(), b), { courier: 'dpd', awb: 'DC2' }));
  await write(async (trx) => attachAwb(trx, ctx(), await lockOrder(trx, ctx(), d), { courier: 'cargus', awb: 'DC3' }));
  await agree('AWBs created');
  expect((await listOf('courier=cargus')).total).toBe(2);
  expect((await listOf('courier=cargus&created_from=2026-10-15&created_to=2026-10-31')).ids).toEqual([a]);

  await write(async (trx) => changeInvoiceStatus(trx, ctx(), await lockOrder(trx, ctx(), a), 'issued'));
  await write(async (trx) => changeInvoiceStatus(trx, ctx(), await lockOrder(trx, ctx(), d), 'issued'));
  await agree('invoices issued');
  expect((await listOf('created_from=2026-10-01&created_to=2026-11-30&invoice_status=issued')).total).toBe(2);
  await write(async (trx) => changeInvoiceStatus(trx, ctx(), await lockOrder(trx, ctx(), a), 'storno'));
  await agree('an invoice reversed');
  // An older client's status=storno is the invoice status, also under the kept counts.
  expect((await listOf('courier=cargus&status=storno')).ids).toEqual([a]);
  expect((await listOf('courier=cargus&status=storno&invoice_status=issued')).total).toBe(0);
  expect((await listOf('courier=cargus&status=processing&invoice_status=issued')).ids).toEqual([d]);

  expect((await u.call('POST', `/api/v1/order/${c}/cancel`)).statusCode).toBe(200);
  await agree('an order cancelled');
  expect(
    (await u.call('GET', '/api/v1/order/counts?created_from=2026-10-15&created_to=2026-10-15')).json().data,
  ).toEqual({ all: 2, new: 0, processing: 1, completed: 0, cancelled: 1, storno: 1, partially_storno: 0 });

  await write(async (trx) =>
    detachAwb(trx, ctx(), await lockOrder(trx, ctx(), b), { movedFrom: 'new', goneAtCourier: false }),
  );
  await agree('an AWB deleted');
  expect((await listOf('courier=dpd&created_to=2026-10-31')).total).toBe(0);

  expect((await u.call('DELETE', `/api/v1/order/${e}`)).statusCode).toBe(200);
  await agree('an order deleted');
  expect((await listOf('created_from=2026-11-02&created_to=2026-11-02')).total).toBe(0);

  // The total and the tabs are read from the kept rows, not counted: a row changed by hand shows.
  await t.db.kysely
    .insertInto('order_list_day_counts')
    .values({
      company_id: u.companyId,
      day: '2026-10-20',
      courier: 'cargus',
      status: 'new',
      invoice_status: 'none',
      orders: 100,
      min_id: 1,
      max_id: 1,
    })
    .execute();
  const q = 'courier=cargus&created_from=2026-10-15&created_to=2026-10-31';
  expect((await u.call('GET', `/api/v1/order/counts?${q}`)).json().data.new).toBe(100);
  expect((await u.call('GET', `/api/v1/order?${q}`)).json().meta.total).toBe(101);
  await recountOrderLists(t.db.kysely, u.companyId);
  expect((await u.call('GET', `/api/v1/order?${q}`)).json().meta.total).toBe(1);
}, 60_000);
