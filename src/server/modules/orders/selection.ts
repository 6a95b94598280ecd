import type { OrderListFilter } from '../../../core/orders/listFilter.js';
import type { ServiceContext } from '../../context.js';
import { countMatching, idsMatching, SELECTION_BOUND } from './queries.js';

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
