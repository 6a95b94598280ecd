import type { Generated } from 'kysely';

// Row types: Cash on delivery and the kept figures of the dashboard and the orders list. Money columns are integer bani, times are Unix seconds.

/** Cash on delivery paid by a courier for one AWB (migration 048). */
export interface CodSettlementsTable {
  id: Generated<number>;
  company_id: number;
  courier: string;
  awb: string;
  shipment_id: number;
  order_id: number;
  expected_bani: number;
  paid_bani: number;
  fee_bani: number;
  /** YYYY-MM-DD */
  paid_on: string;
  reference: string;
  /** file | api */
  origin: string;
  created_by: number | null;
  created_at: number;
}

/** The company's cash-on-delivery settings (migration 048). */
export interface CodSettingsTable {
  company_id: number;
  unpaid_days: number;
  updated_at: number;
}

/** Per company and courier, the sums of its recorded COD payments (migration 049). */
export interface CodTotalsTable {
  company_id: number;
  courier: string;
  parcels: number;
  expected_bani: number;
  paid_bani: number;
  fee_bani: number;
}

/**
 * Kept per-day figures of a company's orders (migration 062, modules/order-counts/dayFigures.ts): per day and source,
 * and per day and status.
 */
export interface OrderSourceDayStatsTable {
  company_id: number;
  /** YYYY-MM-DD, Bucharest day of the order's creation. */
  day: string;
  /** 0 for none. */
  source_id: number;
  /** The writer's shard (migration 069, db/listCounts.ts `countShard`): a key's figures are its shards' sums. */
  shard: Generated<number>;
  orders: number;
  /** The totals of the orders that are not cancelled. */
  revenue_bani: number;
}

export interface OrderStatusDayStatsTable {
  company_id: number;
  day: string;
  status: string;
  /** The writer's shard (migration 069, db/listCounts.ts `countShard`): a key's figures are its shards' sums. */
  shard: Generated<number>;
  orders: number;
  /** The orders' totals (a cancelled order's too: the reader leaves it out). */
  revenue_bani: number;
}

/**
 * The orders list's kept counts per Bucharest day of the order's creation, courier ('' without one),
 * status and invoice status (migration 064, modules/order-counts/listCounts.ts): the list's total and tab counts
 * under a courier and/or a creation range read these rows instead of counting the orders, and its
 * page starts its walk of the ids at their bounds.
 */
export interface OrderListDayCountsTable {
  company_id: number;
  day: string;
  courier: string;
  status: string;
  invoice_status: string;
  /**
   * The writer's shard (migration 068, db/listCounts.ts `countShard`): a key's count is the sum of
   * its shards' rows, so concurrent writers add to different rows. Always 0 on SQLite.
   */
  shard: Generated<number>;
  orders: number;
  /**
   * Bounds of the ids of the orders in the row: the least and the greatest id that ever entered it
   * (never narrowed when an order leaves), so every order counted there lies between them.
   */
  min_id: number;
  max_id: number;
}

/** AWBs of a company's orders per day of the order, courier and outcome (migrations 055, 062). */
export interface CourierDayStatsTable {
  company_id: number;
  day: string;
  courier: string;
  /** The AWB's courier status, except `refused` for a parcel refused at the door that is going back. */
  courier_status: string;
  /** The writer's shard (migration 069, db/listCounts.ts `countShard`): a key's figures are its shards' sums. */
  shard: Generated<number>;
  orders: number;
  cod_bani: number;
}

export interface ProductDayStatsTable {
  company_id: number;
  day: string;
  product_id: number;
  quantity: number;
  revenue_bani: number;
}

/** product_day_stats summed per whole week (Monday) and month (the 1st) of the day (migration 062). */
export interface ProductPeriodStatsTable {
  company_id: number;
  /** `week` or `month`. */
  period: string;
  /** YYYY-MM-DD: the week's Monday or the month's first day. */
  start: string;
  product_id: number;
  quantity: number;
  revenue_bani: number;
}

export interface OrderLineStatsTable {
  order_id: number;
  product_id: number;
  quantity: number;
  revenue_bani: number;
}
