import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../../core/api/dashboard.js';
import { serviceContext } from '../../context.js';
import { addDays, rangeSpans, rebuildOrderStats, restateOrderLines, weekOf } from '../order-counts/index.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import { manualClock } from '../../lib/clock.js';
import { orderReadyForDpd } from '../../test/awb.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { trackOpenAwbs } from '../tracking/service.js';

const HOUR = 3600;
const DAY = 86_400;
const clock = manualClock(Date.UTC(2026, 4, 4, 7, 0, 0) / 1000);

let t: TestApp;
let u: TestUser;
let other: TestUser;
let sources: number[] = [];
const products: { id: number; sku: string }[] = [];
let awbBody: Record<string, unknown>;

async function newOrder(user: TestUser, source: number, lines: Record<string, number>): Promise<number> {
  const res = await user.call('POST', '/api/v1/order', {
    body: {
      name: 'Maria Pop',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source,
      products: lines,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const stats = async (user: TestUser, query = 'from=2026-05-01&to=2026-05-31'): Promise<DashboardStats> => {
  const res = await user.call('GET', `/api/v1/dashboard/stats?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The same figures summed over the company's orders themselves: what the kept aggregates claim. */
async function fromOrders(companyId: number, from: string, to: string) {
  const orders = (
    await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'created_at', 'source_id', 'status', 'courier', 'courier_status', 'awb_refused', 'total_value'])
      .where('company_id', '=', companyId)
      .execute()
  ).filter((o) => bucharestDate(o.created_at) >= from && bucharestDate(o.created_at) <= to);
  const perDay: Record<string, { orders: number; revenue: number }> = {};
  const perSource: Record<string, number> = {};
  const perStatus: Record<string, number> = {};
  const couriers: Record<string, { awbs: number; delivered: number; returned: number; refused: number }> = {};
  for (const o of orders) {
    const d = (perDay[bucharestDate(o.created_at)] ??= { orders: 0, revenue: 0 });
    d.orders++;
    if (o.status !== 'cancelled') d.revenue += Number(o.total_value);
    perSource[String(o.source_id ?? 0)] = (perSource[String(o.source_id ?? 0)] ?? 0) + 1;
    perStatus[o.status] = (perStatus[o.status] ?? 0) + 1;
    if (o.courier) {
      const c = (couriers[o.courier] ??= { awbs: 0, delivered: 0, returned: 0, refused: 0 });
      c.awbs++;
      // Refused at the door stays refused on its way back; returned is sent back for another reason.
      if (o.courier_status === 'delivered') c.delivered++;
      else if (o.awb_refused) c.refused++;
      else if (o.courier_status === 'returning') c.returned++;
    }
  }
  const lines = await t.db.kysely
    .selectFrom('order_products as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.product_id', 'l.quantity', 'l.price', 'o.created_at'])
    .where('o.company_id', '=', companyId)
    .where('o.status', '!=', 'cancelled')
    .execute();
  const perProduct: Record<string, { quantity: number; revenue: number }> = {};
  for (const l of lines) {
    if (bucharestDate(l.created_at) < from || bucharestDate(l.created_at) > to) continue;
    const p = (perProduct[String(l.product_id)] ??= { quantity: 0, revenue: 0 });
    p.quantity += l.quantity;
    p.revenue += Number(l.price) * l.quantity;
  }
  return { perDay, perSource, perStatus, couriers, perProduct };
}

/** The kept week and month rows of the products equal the sums of their day rows. */
async function expectPeriodsMatchDays(companyId: number) {
  const days = await t.db.kysely
    .selectFrom('product_day_stats')
    .select(['day', 'product_id', 'quantity', 'revenue_bani'])
    .where('company_id', '=', companyId)
    .execute();
  const want: Record<string, { quantity: number; revenue: number }> = {};
  for (const d of days)
    for (const key of [`week ${weekOf(d.day)} ${d.product_id}`, `month ${d.day.slice(0, 7)}-01 ${d.product_id}`]) {
      const w = (want[key] ??= { quantity: 0, revenue: 0 });
      w.quantity += d.quantity;
      w.revenue += Number(d.revenue_bani);
    }
  const kept = await t.db.kysely
    .selectFrom('product_period_stats')
    .select(['period', 'start', 'product_id', 'quantity', 'revenue_bani'])
    .where('company_id', '=', companyId)
    .execute();
  expect(
    Object.fromEntries(
      kept.map((k) => [
        `${k.period} ${k.start} ${k.product_id}`,
        { quantity: k.quantity, revenue: Number(k.revenue_bani) },
      ]),
    ),
  ).toEqual(want);
  expect(Object.keys(want).length).toBeGreaterThan(0);
}

async function expectFiguresMatchOrders(user: TestUser) {
  await expectPeriodsMatchDays(user.companyId);
  const s = await stats(user);
  const o = await fromOrders(user.companyId, '2026-05-01', '2026-05-31');
  const days = Object.fromEntries(
    s.days.filter((d) => d.orders > 0).map((d) => [d.day, { orders: d.orders, revenue: Math.round(d.revenue * 100) }]),
  );
  expect(days).toEqual(o.perDay);
  const sum = (pick: (d: DashboardStats['days'][number]) => Record<string, { orders: number }>) => {
    const out: Record<string, number> = {};
    for (const d of s.days)
      for (const [k, f] of Object.entries(pick(d))) if (f.orders) out[k] = (out[k] ?? 0) + f.orders;
    return out;
  };
  expect(sum((d) => d.by_source)).toEqual(o.perSource);
  expect(sum((d) => d.by_status)).toEqual(o.perStatus);
  expect(
    Object.fromEntries(
      s.couriers.map((c) => [
        c.courier,
        { awbs: c.awbs, delivered: c.delivered, returned: c.returned, refused: c.refused },
      ]),
    ),
  ).toEqual(o.couriers);
  expect(
    Object.fromEntries(
      s.top_products.map((p) => [String(p.product_id), { quantity: p.quantity, revenue: Math.round(p.revenue * 100) }]),
    ),
  ).toEqual(o.perProduct);
  return s;
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  u = await t.signUp();
  other = await t.signUp();
  const ready = await orderReadyForDpd(u);
  awbBody = ready.awbBody;
  for (const name of ['eMAG', 'Facebook']) {
    const r = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: name } });
    sources.push(r.json().data.id);
  }
  sources = [(await u.call('GET', '/api/v1/source')).json().data.at(-1).id, ...sources];
  for (const sku of ['VAZA-1', 'CANA-2']) {
    const r = await u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        sku,
        name: `Produs ${sku}`,
        sale_type: 'Bucata',
        stock: 500,
        selling_price: sku === 'VAZA-1' ? 49.9 : 12.5,
        buying_price: 1,
        currency: 'RON',
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    products.push({ id: r.json().data.id, sku });
  }
});
afterAll(() => t.close());

describe('dashboard figures', () => {
  it('equal sums over the orders they claim, through every kind of write', async () => {
    // Day 1 (Monday): three orders from two sources, one shipped and delivered, one refused.
    const a = await newOrder(u, sources[1], { 'VAZA-1': 2 });
    const b = await newOrder(u, sources[2], { 'CANA-2': 3, 'VAZA-1': 1 });
    const c = await newOrder(u, sources[1], { 'CANA-2': 1 });
    for (const [id, name] of [
      [a, 'Ion Livrat'],
      [b, 'Ana Refuz'],
    ] as const) {
      const r = await u.call('POST', `/api/v1/order/${id}/awb`, { body: { ...awbBody, name } });
      expect(r.statusCode, r.body).toBe(201);
    }
    clock.advance(2 * HOUR);
    await trackOpenAwbs(serviceContext(t.services));
    await expectFiguresMatchOrders(u);

    // Day 3: a line added and a quantity changed, one order cancelled and restored, another cancelled, one deleted.
    clock.advance(2 * DAY);
    const d = await newOrder(u, sources[2], { 'VAZA-1': 1 });
    const e = await newOrder(u, sources[0], { 'CANA-2': 2 });
    const added = await u.call('POST', `/api/v1/order/${c}/product/${products[0].id}`, { body: { quantity: 4 } });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const line = added.json().data.order_products.find((l: { product_id: number }) => l.product_id === products[0].id);
    expect((await u.call('POST', `/api/v1/order-product/${line.id}`, { body: { quantity: 5 } })).statusCode).toBe(200);
    expect((await u.call('POST', `/api/v1/order/${d}/cancel`)).statusCode).toBe(200);
    expect((await u.call('POST', `/api/v1/order/${d}/uncancel`)).statusCode).toBe(200);
    expect((await u.call('POST', `/api/v1/order/${e}/cancel`)).statusCode).toBe(200);
    const f = await newOrder(u, sources[0], { 'VAZA-1': 1 });
    expect((await u.call('DELETE', `/api/v1/order/${f}`)).statusCode).toBe(200);
    const s = await expectFiguresMatchOrders(u);

    // The split: three sources, the statuses present, both products, one courier with one of each ending.
    expect(s.sources.map((x) => x.id).sort()).toEqual([...sources].sort());
    expect(s.statuses).toEqual(expect.arrayContaining(['cancelled', 'completed', 'new', 'processing']));
    // The refused parcel was back at the sender when first asked about: its history's refusal counts.
    expect(s.couriers).toEqual([{ courier: 'dpd', awbs: 2, delivered: 1, refused: 1, returned: 0 }]);
    expect(s.days).toHaveLength(31);
    expect(s.top_products[0].sku).toBe('VAZA-1');
    // The delivered AWB's cash on delivery is owed until the courier pays it.
    const delivered = (await u.call('GET', `/api/v1/order/${a}`)).json().data;
    expect(s.cod_owed.total).toBeCloseTo(Number(delivered.total_value), 2);

    // Rebuilt from the orders (as the demo data is), the figures are the same.
    await t.db.transaction((trx) => rebuildOrderStats(trx, u.companyId));
    expect(await stats(u)).toEqual(s);
    await expectPeriodsMatchDays(u.companyId);

    // Ranges cut differently into months, weeks and days sum to the same figures.
    const april = await stats(u, 'from=2026-04-20&to=2026-06-09');
    expect(april.top_products).toEqual(s.top_products);
    expect(april.total).toEqual(s.total);

    // The other company sees none of it.
    const theirs = await stats(other);
    expect(theirs.total).toEqual({ orders: 0, revenue: 0 });
    expect(theirs.top_products).toEqual([]);
  });

  it('a parcel refused at the door counts once, as refused, on its way back and back at the sender', async () => {
    const w = await t.signUp();
    const ready = await orderReadyForDpd(w);
    const r = await w.call('POST', `/api/v1/order/${ready.orderId}/awb`, {
      body: { ...ready.awbBody, name: 'Ana Refuz' },
    });
    expect(r.statusCode, r.body).toBe(201);
    const share = async () => (await stats(w)).couriers;
    const courierStatus = async () =>
      (await w.call('GET', `/api/v1/order/${ready.orderId}`)).json().data.courier_status;
    // The emulated courier: refused at 60 minutes, returning at 75, back at the sender at 120.
    for (const [minutes, status] of [
      [61, 'refused'],
      [15, 'returning'],
      [45, 'returning'],
    ] as const) {
      clock.advance(minutes * 60);
      await trackOpenAwbs(serviceContext(t.services));
      expect(await courierStatus()).toBe(status);
      expect(await share()).toEqual([{ courier: 'dpd', awbs: 1, delivered: 0, returned: 0, refused: 1 }]);
      await expectFiguresMatchOrders(w);
    }
    // A key's shards summed (each write adds to its connection's shard).
    const kept = await t.db.kysely
      .selectFrom('courier_day_stats')
      .select(['courier_status', sql<number>`sum(orders)`.as('orders')])
      .where('company_id', '=', w.companyId)
      .groupBy('courier_status')
      .having(sql<boolean>`sum(orders) <> 0`)
      .execute();
    expect(kept.map((k) => ({ ...k, orders: Number(k.orders) }))).toEqual([{ courier_status: 'refused', orders: 1 }]);
    // Rebuilt from the orders, the refusal is still there.
    await t.db.transaction((trx) => rebuildOrderStats(trx, w.companyId));
    expect(await share()).toEqual([{ courier: 'dpd', awbs: 1, delivered: 0, returned: 0, refused: 1 }]);
  });

  it('stay equal to the orders when AWBs are created and deleted at the same time (each in its own shard)', async () => {
    const w = await t.signUp();
    const ready = await orderReadyForDpd(w);
    const source = (await w.call('GET', `/api/v1/order/${ready.orderId}`)).json().data.source_id;
    const ids = [ready.orderId];
    for (let i = 0; i < 7; i++) ids.push(await newOrder(w, source, { [`AWB-${w.companyId}`]: 1 }));
    const create = async (id: number) => {
      const r = await w.call('POST', `/api/v1/order/${id}/awb`, { body: ready.awbBody });
      expect(r.statusCode, r.body).toBe(201);
    };
    const remove = async (id: number) => {
      const r = await w.call('DELETE', `/api/v1/order/${id}/awb`);
      expect(r.statusCode, r.body).toBe(200);
    };
    // Every order of one day and courier moves through the same keys: no write waits for another
    // in a cycle (PostgreSQL would fail one with a deadlock), every one succeeds.
    await Promise.all(ids.map(create));
    await expectFiguresMatchOrders(w);
    if (t.db.engine === 'postgres') {
      const shards = await t.db.kysely
        .selectFrom('order_status_day_stats')
        .select('shard')
        .distinct()
        .where('company_id', '=', w.companyId)
        .where('status', '=', 'processing')
        .execute();
      expect(shards.length).toBeGreaterThan(1);
    }
    await Promise.all([...ids.slice(0, 4).map(remove)]);
    await Promise.all([...ids.slice(0, 4).map(create), ...ids.slice(4).map(remove)]);
    const s = await expectFiguresMatchOrders(w);
    expect(s.couriers).toEqual([{ courier: 'dpd', awbs: 4, delivered: 0, returned: 0, refused: 0 }]);
  });

  it('the week and month rows move in the transaction of the order change', async () => {
    const periods = () =>
      t.db.kysely
        .selectFrom('product_period_stats')
        .select(['period', 'start', 'product_id', 'quantity', 'revenue_bani'])
        .where('company_id', '=', u.companyId)
        .orderBy('period')
        .orderBy('start')
        .orderBy('product_id')
        .execute();
    const before = await periods();
    const id = await newOrder(u, sources[0], { 'VAZA-1': 7 });
    const order = await t.db.kysely
      .selectFrom('orders')
      .select('created_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const written = await periods();
    expect(written).not.toEqual(before);
    // A change rolled back leaves the day and period rows as they were.
    await expect(
      t.db.transaction(async (trx) => {
        await trx.deleteFrom('order_line_stats').where('order_id', '=', id).execute();
        await restateOrderLines(trx, {
          orderId: id,
          companyId: u.companyId,
          createdAt: order.created_at,
          counted: true,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await periods()).toEqual(written);
    await expectPeriodsMatchDays(u.companyId);
    expect((await u.call('DELETE', `/api/v1/order/${id}`)).statusCode).toBe(200);
    expect(await periods()).toEqual(before.length ? expect.arrayContaining(before) : []);
    await expectPeriodsMatchDays(u.companyId);
  });

  it('a range is cut into whole months, whole weeks from Monday and days, each day exactly once', () => {
    for (const [from, length] of [
      ['2026-01-01', 1],
      ['2026-02-23', 7],
      ['2026-03-30', 30],
      ['2026-02-01', 28],
      ['2026-10-28', 30],
      ['2026-08-29', 90],
      ['2025-12-15', 400],
    ] as const) {
      const to = addDays(from, length - 1);
      const spans = rangeSpans(from, to);
      const covered = [
        ...spans.days,
        ...spans.weeks.flatMap((w) => Array.from({ length: 7 }, (_, i) => addDays(w, i))),
        ...spans.months.flatMap((m) => {
          const out: string[] = [];
          for (let d = m; d.slice(0, 7) === m.slice(0, 7); d = addDays(d, 1)) out.push(d);
          return out;
        }),
      ].sort();
      expect(covered).toEqual(Array.from({ length }, (_, i) => addDays(from, i)));
      for (const w of spans.weeks) expect(weekOf(w)).toBe(w);
      for (const m of spans.months) expect(m.endsWith('-01')).toBe(true);
      // Few rows to sum: at most the days of a week at each end of every stretch between months.
      if (length >= 30) expect(spans.days.length + spans.weeks.length + spans.months.length).toBeLessThan(length / 2);
    }
  });

  it('a range with nothing, and the last 30 days by default', async () => {
    const s = await stats(u, 'from=2026-01-01&to=2026-01-03');
    expect(s.days.map((d) => d.day)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(s.total).toEqual({ orders: 0, revenue: 0 });
    const def = await stats(u, '');
    expect(def.days).toHaveLength(30);
    expect(def.to).toBe(bucharestDate(clock.now()));
  });

  it('401 for a stranger, 403 for a company the user is not in, 422 per field', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/stats',
      headers: { 'x-company-id': String(u.companyId) },
    });
    expect(none.statusCode).toBe(401);
    expect((await u.call('GET', '/api/v1/dashboard/stats', { company: other.companyId })).statusCode).toBe(403);
    const bad = await u.call('GET', '/api/v1/dashboard/stats?from=2026-05-10&to=2026-05-01', {
      headers: { 'accept-language': 'ro' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ to: ['Sfârșitul intervalului nu poate fi înaintea începutului.'] });
    expect((await u.call('GET', '/api/v1/dashboard/stats?from=yesterday')).json().errors.from).toBeDefined();
  });
});
