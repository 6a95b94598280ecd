import type { DashboardDay, DashboardFigure, DashboardStats } from '../../../core/api/dashboard.js';
import { fromBani } from '../../../core/money.js';
import type { ServiceContext } from '../../context.js';
import { parse } from '../../http/errors.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import { dashboardRangeQuery } from '../../../core/api/dashboard.js';
import { addDays } from '../order-counts/index.js';
import { codOwed, courierShares, sourceDays, sourceNames, statusDays, topProducts } from './queries.js';
import { keptAttentionCount } from '../orders/index.js';

/** Every day of the range, YYYY-MM-DD (calendar days: no time zone in between). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const figure = (f: { orders: number; revenue_bani: number }): DashboardFigure => ({
  orders: f.orders,
  revenue: fromBani(f.revenue_bani),
});

/**
 * The dashboard's figures for a range of days (the last 30 by default). Revenue counts the orders
 * that are not cancelled; the orders per status count every order. An AWB's outcome counts under
 * the day its order was made: "refused" a parcel refused at the door (also once it went back to the
 * sender), "returned" one sent back for another reason (the console's `returning`). Every read
 * runs at once; the service only places the rows.
 */
export async function dashboardStats(ctx: ServiceContext, input: unknown): Promise<DashboardStats> {
  const q = parse(dashboardRangeQuery, input);
  const to = q.to ?? bucharestDate(ctx.now);
  const from = q.from ?? addDays(to, -29);
  const exec = ctx.db.reads;
  const [bySource, byStatus, names, couriers, top, owed, attention] = await Promise.all([
    sourceDays(exec, ctx.companyId, from, to),
    statusDays(exec, ctx.companyId, from, to),
    sourceNames(exec, ctx.companyId, from, to),
    courierShares(exec, ctx.companyId, from, to),
    topProducts(exec, ctx.companyId, from, to, 10),
    codOwed(exec, ctx.companyId),
    keptAttentionCount(exec, ctx.companyId),
  ]);
  const days: DashboardDay[] = daysOf(from, to).map((day) => ({
    day,
    orders: 0,
    revenue: 0,
    by_source: {},
    by_status: {},
  }));
  const index = new Map(days.map((d, i) => [d.day, i]));
  const dayBani = new Array<number>(days.length).fill(0);
  let totalOrders = 0;
  let totalBani = 0;
  const sourceIds = new Set<number>();
  const statuses = new Set<string>();
  // Every order counts once per day under its source: the day's and the range's totals come from there.
  for (const r of bySource) {
    const i = index.get(r.day)!;
    days[i].orders += r.orders;
    dayBani[i] += r.revenue_bani;
    totalOrders += r.orders;
    totalBani += r.revenue_bani;
    days[i].by_source[String(r.source_id)] = figure(r);
    sourceIds.add(r.source_id);
  }
  for (let i = 0; i < days.length; i++) days[i].revenue = fromBani(dayBani[i]);
  for (const r of byStatus) {
    days[index.get(r.day)!].by_status[r.status] = figure(r);
    statuses.add(r.status);
  }
  const name = new Map(names.map((n) => [n.id, n.source]));
  return {
    from,
    to,
    currency: 'RON',
    total: figure({ orders: totalOrders, revenue_bani: totalBani }),
    days,
    sources: [...sourceIds].sort((a, b) => a - b).map((id) => ({ id, name: name.get(id) ?? '' })),
    statuses: [...statuses].sort(),
    top_products: top.map((p) => ({
      product_id: p.product_id,
      name: p.name ?? '',
      sku: p.sku ?? '',
      quantity: p.quantity,
      revenue: fromBani(p.revenue_bani),
    })),
    couriers,
    cod_owed: {
      total: fromBani(owed.reduce((a, o) => a + o.owed_bani, 0)),
      couriers: owed.map((o) => ({ courier: o.courier, owed: fromBani(o.owed_bani) })),
    },
    attention,
  };
}
