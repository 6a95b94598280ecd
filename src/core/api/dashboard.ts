/**
 * `GET /api/v1/dashboard/stats?from&to` (YYYY-MM-DD, both included; the last 30 days by default):
 * the company's orders and revenue per day split by source and by status, the top products, the
 * share of AWBs delivered, returned and refused per courier, and the cash on delivery still owed.
 * Read from kept per-day figures, never from the orders themselves. Amounts in lei (two decimals),
 * in the orders' currency (RON).
 */
export { codRangeQuery as dashboardRangeQuery } from './cod.js';

export interface DashboardFigure {
  orders: number;
  /** The totals of the orders that are not cancelled. */
  revenue: number;
}

export interface DashboardDay extends DashboardFigure {
  day: string;
  by_source: Record<string, DashboardFigure>;
  by_status: Record<string, DashboardFigure>;
}

export interface DashboardStats {
  from: string;
  to: string;
  currency: 'RON';
  total: DashboardFigure;
  days: DashboardDay[];
  /** The sources that appear in the range (id 0: orders without a source). */
  sources: { id: number; name: string }[];
  statuses: string[];
  top_products: { product_id: number; name: string; sku: string; quantity: number; revenue: number }[];
  /** AWBs of the range's orders per courier: how many, and how many ended delivered, returned or refused. */
  couriers: { courier: string; awbs: number; delivered: number; returned: number; refused: number }[];
  /** Delivered cash on delivery (all time) not yet paid by the courier. */
  cod_owed: { total: number; couriers: { courier: string; owed: number }[] };
  /** The orders whose parcel needs attention now (refused, returning, a failed attempt, not moving): all time, not the range's. */
  attention: number;
}
