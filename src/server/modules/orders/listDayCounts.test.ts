import { afterAll, beforeAll, expect, it } from 'vitest';
import { serviceContext } from '../../context.js';
import { recountOrderLists } from '../order-counts/index.js';
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

interface KeptKey {
  day: string;
  courier: string;
  status: string;
  invoice_status: string;
}
const keyOf = (r: KeptKey) => `${r.day} ${r.courier} ${r.status} ${r.invoice_status}`;

/**
 * The per-day counts of the company as readers see them: each key's shards summed (count), their
 * bounds joined (least min_id, greatest max_id).
 */
async function keptKeys(companyId = u.companyId): Promise<Map<string, { orders: number; min: number; max: number }>> {
  const rows = await t.db.kysely
    .selectFrom('order_list_day_counts')
    .selectAll()
    .where('company_id', '=', companyId)
    .execute();
  const keys = new Map<string, { orders: number; min: number; max: number }>();
  for (const r of rows) {
    const k = keys.get(keyOf(r)) ?? { orders: 0, min: Infinity, max: -Infinity };
    k.orders += r.orders;
    k.min = Math.min(k.min, r.min_id);
    k.max = Math.max(k.max, r.max_id);
    keys.set(keyOf(r), k);
  }
  return keys;
}

/** The per-day counts of the company, shards summed, zero counts left out. */
async function keptRows(companyId = u.companyId): Promise<string[]> {
  return [...(await keptKeys(companyId))]
    .filter(([, k]) => k.orders !== 0)
    .map(([key, k]) => `${key}=${k.orders}`)
    .sort();
}

/** Every order of the company lies within the joined id bounds of its key's shards. */
async function boundsHold(step: string, companyId = u.companyId): Promise<void> {
  const keys = await keptKeys(companyId);
  const orders = await t.db.kysely
    .selectFrom('orders')
    .select(['id', 'created_at', 'courier', 'status', 'invoice_status'])
    .where('company_id', '=', companyId)
    .execute();
  for (const o of orders) {
    const k = keys.get(keyOf({ ...o, day: bucharestDate(Number(o.created_at)), courier: o.courier ?? '' }));
    expect(k && k.min <= o.id && o.id <= k.max, `${step}: order ${o.id} in ${JSON.stringify(k)}`).toBe(true);
  }
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
  await boundsHold(step);
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

it('keeps the per-day counts exact when writes at the same time land in different shards', async () => {
  // Orders of one company, day, courier and status: the writes below all move them between the same keys.
  const ids: number[] = [];
  for (let i = 0; i < 8; i++) ids.push(await orderAt(`2026-10-16T0${i}:10:00Z`, `0746 301 00${i}`));
  const ctx = () => serviceContext(t.services, { companyId: u.companyId, userId: u.id });
  const attach = (id: number, n: number) =>
    t.db.transaction(async (trx) =>
      attachAwb(trx, ctx(), await lockOrder(trx, ctx(), id), { courier: 'cargus', awb: `SH${n}` }),
    );
  const detach = (id: number) =>
    t.db.transaction(async (trx) =>
      detachAwb(trx, ctx(), await lockOrder(trx, ctx(), id), { movedFrom: 'new', goneAtCourier: false }),
    );
  await Promise.all(ids.map((id, n) => attach(id, n)));
  const day = 'courier=cargus&created_from=2026-10-16&created_to=2026-10-16';
  expect((await listOf(day)).total).toBe(8);
  // On PostgreSQL each transaction wrote its connection's shard: the key is spread over several
  // rows, which the reads sum (SQLite has one writer and one shard).
  const shards = await t.db.kysely
    .selectFrom('order_list_day_counts')
    .select('shard')
    .distinct()
    .where('company_id', '=', u.companyId)
    .where('day', '=', '2026-10-16')
    .where('courier', '=', 'cargus')
    .execute();
  expect(shards.length > 1).toBe(t.db.engine === 'postgres');
  await agree('AWBs created at the same time');
  // Half the AWBs deleted while the others' are made again: every write succeeds, none deadlocks.
  await Promise.all(ids.slice(0, 4).map((id) => detach(id)));
  await Promise.all([...ids.slice(0, 4).map((id, n) => attach(id, 10 + n)), ...ids.slice(4).map((id) => detach(id))]);
  expect((await listOf(day)).ids.sort((a, b) => a - b)).toEqual(ids.slice(0, 4));
  expect((await listOf('created_from=2026-10-16&created_to=2026-10-16')).total).toBe(8);
  await agree('AWBs created and deleted at the same time');
}, 60_000);
