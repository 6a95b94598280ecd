import { orderListQuery } from '../../../core/api/orders.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { parse } from '../../http/errors.js';
import { listOrders } from './queries.js';

/**
 * What work on many orders reads of the orders module: which of a list of ids are the company's,
 * the orders a list filter shows, and the picking list of a set of orders. Reads only.
 */

/** Ids are looked up this many at a time (an `in (...)` of bounded length on both engines). */
const CHUNK = 500;

/** The ids among `ids` that are orders of the company. */
export async function companyOrderIds(exec: Executor, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await exec
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/**
 * The orders the list shows for `filter` (the list's own query parameters: search, status, sort),
 * in the list's order, at most `limit` of them, and how many match. Pages of the list itself, so
 * what is acted on is what was on screen.
 */
export async function ordersMatchingListQuery(
  ctx: ServiceContext,
  filter: Record<string, unknown>,
  limit: number,
): Promise<{ count: number; ids: number[] }> {
  const items = 1000;
  const q = parse(orderListQuery, { ...filter, page: 1, items });
  const ids: number[] = [];
  let count = 0;
  for (let page = 1; ids.length < limit; page++) {
    const res = await listOrders(ctx.db.kysely, ctx.db.engine, ctx.companyId, { ...q, page, items });
    if (page === 1) count = res.meta.total;
    ids.push(...res.data.map((o) => o.id));
    if (res.data.length < items) break;
  }
  return { count: Math.max(count, ids.length), ids: ids.slice(0, limit) };
}

export interface PickingLine {
  sku: string;
  name: string;
  variation: string;
  quantity: number;
  /** How many of the orders carry this line. */
  orders: number;
}

/**
 * The picking list of the orders: each SKU with its product's name, the variation's name (a line
 * of a variation names its parent product), the total quantity and the number of orders, sorted
 * by SKU.
 */
export async function pickingLines(
  exec: Executor,
  companyId: number,
  orderIds: readonly number[],
): Promise<PickingLine[]> {
  const bySku = new Map<string, PickingLine>();
  for (let i = 0; i < orderIds.length; i += CHUNK) {
    const rows = await exec
      .selectFrom('order_products as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('products as parent', 'parent.id', 'p.parent_id')
      .select(['l.order_id', 'l.sku', 'l.name', 'l.quantity', 'parent.name as parent_name'])
      .where('o.company_id', '=', companyId)
      .where('l.order_id', 'in', orderIds.slice(i, i + CHUNK))
      .execute();
    const seen = new Set<string>();
    for (const r of rows) {
      const line = bySku.get(r.sku) ?? {
        sku: r.sku,
        name: r.parent_name ?? r.name,
        variation: r.parent_name ? r.name : '',
        quantity: 0,
        orders: 0,
      };
      line.quantity += Number(r.quantity);
      const key = `${r.order_id}:${r.sku}`;
      if (!seen.has(key)) {
        seen.add(key);
        line.orders += 1;
      }
      bySku.set(r.sku, line);
    }
  }
  return [...bySku.values()].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}
