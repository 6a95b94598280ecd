import { orderListFilterSchema, type OrderListFilter } from '../../../core/orders/listFilter.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { parse } from '../../http/errors.js';
import { countMatching, idsMatching, SELECTION_BOUND } from './list/index.js';

/**
 * What the orders list shows under a filter (core/orders/listFilter.ts), for acting on it: a
 * bulk action selects exactly the orders the seller saw. Read on the main connection, so a
 * selection made right after a write sees it.
 */

/**
 * How many orders of the company the list shows under this filter (its status tab included).
 * Exact, except for a search beyond SELECTION_BOUND matches: then SELECTION_BOUND + 1.
 */
export function countOrdersMatching(ctx: ServiceContext, filter: OrderListFilter): Promise<number> {
  return countMatching(ctx.db.kysely, ctx.db.engine, ctx.companyId, filter);
}

/** The ids of those orders in the list's order (newest first), at most `limit`. */
export function orderIdsMatching(ctx: ServiceContext, filter: OrderListFilter, limit: number): Promise<number[]> {
  return idsMatching(ctx.db.kysely, ctx.db.engine, ctx.companyId, filter, limit);
}

export { SELECTION_BOUND };

/**
 * The orders a bulk selection by filter names (the list's query parameters, as the list was
 * asked): how many match now and the first `limit` ids, in the list's order.
 */
export async function ordersMatchingListQuery(
  ctx: ServiceContext,
  params: Record<string, unknown>,
  limit: number,
): Promise<{ count: number; ids: number[] }> {
  const filter = parse(orderListFilterSchema, params);
  const [count, ids] = await Promise.all([countOrdersMatching(ctx, filter), orderIdsMatching(ctx, filter, limit)]);
  return { count, ids };
}

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
