import type { DashboardDay, DashboardFigure, DashboardStats } from '../../../core/api/dashboard.js';
import { fromBani } from '../../../core/money.js';
import type { ServiceContext } from '../../context.js';
import { parse } from '../../http/errors.js';
import { bucharestDate, fromBucharest } from '../../lib/bucharestTime.js';
import { dashboardRangeQuery } from '../../../core/api/dashboard.js';
import { codOwed, courierOutcomes, dayFigures, sourceNames, topProducts } from './queries.js';

const DAY = 86_400;

/** Every day of the range, YYYY-MM-DD (noon steps, so a 23- or 25-hour day never skips or repeats one). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = fromBucharest(from)! + 12 * 3600; ; t += DAY) {
    const d = bucharestDate(t);
    if (d > to) return out;
    out.push(d);
  }
}

const empty = (): { orders: number; revenue_bani: number } => ({ orders: 0, revenue_bani: 0 });
const figure = (f: { orders: number; revenue_bani: number }): DashboardFigure => ({
  orders: f.orders,
  revenue: fromBani(f.revenue_bani),
});

/**
 * The dashboard's figures for a range of days (the last 30 by default). Revenue counts the orders
 * that are not cancelled; the orders per status count every order. An AWB's outcome counts under
 * the day its order was made; "returned" is the console's `returning` (the parcel goes or went
 * back), "refused" the recipient's refusal.
 */
export async function dashboardStats(ctx: ServiceContext, input: unknown): Promise<DashboardStats> {
  const q = parse(dashboardRangeQuery, input);
  const to = q.to ?? bucharestDate(ctx.now);
  const from = q.from ?? bucharestDate(fromBucharest(to)! - 29 * DAY + 12 * 3600);
  const exec = ctx.db.reads;
  const [rows, outcomes, top, owed] = await Promise.all([
    dayFigures(exec, ctx.companyId, from, to),
    courierOutcomes(exec, ctx.companyId, from, to),
    topProducts(exec, ctx.companyId, from, to, 10),
    codOwed(exec, ctx.companyId),
  ]);
  const byDay = new Map<
    string,
    {
      all: ReturnType<typeof empty>;
      source: Map<number, ReturnType<typeof empty>>;
      status: Map<string, ReturnType<typeof empty>>;
    }
  >();
  const dayOf = (day: string) => {
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = { all: empty(), source: new Map(), status: new Map() }));
    return d;
  };
  const total = empty();
  const sourceIds = new Set<number>();
  const statuses = new Set<string>();
  // Every order counts once per day under its source: the day's and the range's totals come from there.
  for (const r of rows.bySource) {
    const d = dayOf(r.day);
    for (const f of [d.all, total]) {
      f.orders += r.orders;
      f.revenue_bani += r.revenue_bani;
    }
    d.source.set(r.source_id, { orders: r.orders, revenue_bani: r.revenue_bani });
    sourceIds.add(r.source_id);
  }
  for (const r of rows.byStatus) {
    dayOf(r.day).status.set(r.status, {
      orders: r.orders,
      revenue_bani: r.status === 'cancelled' ? 0 : r.revenue_bani,
    });
    statuses.add(r.status);
  }
  const names = await sourceNames(
    exec,
    ctx.companyId,
    [...sourceIds].filter((id) => id !== 0),
  );
  const days: DashboardDay[] = daysOf(from, to).map((day) => {
    const d = byDay.get(day);
    return {
      day,
      ...figure(d?.all ?? empty()),
      by_source: Object.fromEntries([...(d?.source ?? new Map()).entries()].map(([id, f]) => [String(id), figure(f)])),
      by_status: Object.fromEntries([...(d?.status ?? new Map()).entries()].map(([s, f]) => [s, figure(f)])),
    };
  });
  const couriers = new Map<
    string,
    { courier: string; awbs: number; delivered: number; returned: number; refused: number }
  >();
  for (const o of outcomes) {
    const c = couriers.get(o.courier) ?? { courier: o.courier, awbs: 0, delivered: 0, returned: 0, refused: 0 };
    couriers.set(o.courier, c);
    c.awbs += o.orders;
    if (o.courier_status === 'delivered') c.delivered += o.orders;
    else if (o.courier_status === 'returning') c.returned += o.orders;
    else if (o.courier_status === 'refused') c.refused += o.orders;
  }
  return {
    from,
    to,
    currency: 'RON',
    total: figure(total),
    days,
    sources: [...sourceIds].sort((a, b) => a - b).map((id) => ({ id, name: id === 0 ? '' : (names.get(id) ?? '') })),
    statuses: [...statuses].sort(),
    top_products: top.map((p) => ({
      product_id: p.product_id,
      name: p.name ?? '',
      sku: p.sku ?? '',
      quantity: p.quantity,
      revenue: fromBani(p.revenue_bani),
    })),
    couriers: [...couriers.values()].filter((c) => c.awbs > 0).sort((a, b) => (a.courier < b.courier ? -1 : 1)),
    cod_owed: {
      total: fromBani(owed.reduce((a, o) => a + o.owed_bani, 0)),
      couriers: owed.map((o) => ({ courier: o.courier, owed: fromBani(o.owed_bani) })),
    },
  };
}
