import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  isLegacyInvoiceStatus,
  nextDay,
  ORDER_FILTER_KEYS,
  type OrderListFilter,
} from '../../../core/orders/listFilter.js';
import { FLAGGED, invoiceBucket, NO_AWB } from '../order-counts/index.js';
import { fromBucharest } from '../../lib/bucharestTime.js';

/**
 * The list filter (core/orders/listFilter.ts) as conditions on the orders row aliased `o`; the
 * search is not among them (it is answered by its own indexes in queries.ts). `status: false`
 * leaves the status out: the tab counts group by it. `walk`: the creation range is checked on each
 * entry walked rather than searched in an index (SQLite's planner then walks the ids, see
 * queries.ts `walksIds`). An empty answer: nothing narrows.
 */
export function filterConditions(f: OrderListFilter, opts: { status: boolean; walk?: boolean }): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (opts.status && f.status)
    out.push(isLegacyInvoiceStatus(f.status) ? sql`o.invoice_status = ${f.status}` : sql`o.status = ${f.status}`);
  if (f.invoice_status) out.push(sql`o.invoice_status = ${f.invoice_status}`);
  if (f.courier) out.push(sql`o.courier = ${f.courier}`);
  if (f.courier_status) out.push(sql`o.courier_status = ${f.courier_status}`);
  if (f.source !== undefined) out.push(sql`o.source_id = ${f.source}`);
  // Bucharest days: from its first second to the first second of the day after the last.
  // A unary plus keeps an index from searching the column (SQLite and PostgreSQL alike).
  const created = opts.walk ? sql`+o.created_at` : sql`o.created_at`;
  if (f.created_from) out.push(sql`${created} >= ${fromBucharest(f.created_from)!}`);
  if (f.created_to) out.push(sql`${created} < ${fromBucharest(nextDay(f.created_to))!}`);
  if (f.has_awb !== undefined) out.push(f.has_awb ? sql`o.awb is not null` : sql`o.awb is null`);
  if (f.has_invoice !== undefined)
    out.push(f.has_invoice ? sql`o.bill_number is not null` : sql`o.bill_number is null`);
  // A flag of any company counts (the order shows every company's flag). IN lets the planner
  // start from the few flagged customers; NOT EXISTS checks each order against the flags index.
  if (f.flagged === true) out.push(sql`o.customer_id in (select fl.customer_id from flags fl)`);
  if (f.flagged === false) out.push(sql`not exists (select 1 from flags fl where fl.customer_id = o.customer_id)`);
  // The few orders to check are read from their partial index (orders_company_address_check).
  if (f.address_check === true) out.push(sql`o.address_check is not null`);
  if (f.address_check === false) out.push(sql`o.address_check is null`);
  // The few parcels needing attention are read from their partial index (orders_company_attention).
  if (f.attention === true) out.push(sql`o.attention is not null`);
  if (f.attention === false) out.push(sql`o.attention is null`);
  return out;
}

/** The conditions joined by AND, or `true` when there are none. */
export function allOf(conds: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return conds.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conds, sql` and `)}`;
}

/**
 * A filter whose counts are kept (modules/order-counts/listCounts.ts): besides a status tab or an invoice
 * status, only `has_awb` or only `flagged`. `prefix` names the kept buckets (the orders without
 * an AWB, the flagged customers' orders); `negate`: the filter is the other side (an AWB; no flag),
 * the whole bucket minus the kept one. Null: the filter's counts are counted.
 */
export function keptFilter(f: OrderListFilter): { prefix: string; negate: boolean } | null {
  if (f.search !== '') return null;
  const others = ORDER_FILTER_KEYS.filter(
    (k) => k !== 'search' && k !== 'status' && k !== 'invoice_status' && f[k] !== undefined,
  );
  if (others.length !== 1) return null;
  if (others[0] === 'has_awb') return { prefix: NO_AWB, negate: f.has_awb === true };
  if (others[0] === 'flagged') return { prefix: FLAGGED, negate: f.flagged === false };
  return null;
}

/**
 * The kept bucket of the orders of a status tab or of an invoice status ('' every order; a
 * legacy `status=storno` is the invoice status), or null when both are asked (no bucket holds the pair).
 */
export function baseBucket(f: Pick<OrderListFilter, 'status' | 'invoice_status'>): string | null {
  const invoice = f.invoice_status ?? (isLegacyInvoiceStatus(f.status) ? f.status : undefined);
  const status = isLegacyInvoiceStatus(f.status) ? undefined : f.status;
  if (invoice !== undefined && (status !== undefined || (f.invoice_status && isLegacyInvoiceStatus(f.status))))
    return null;
  if (invoice !== undefined) return invoiceBucket(invoice);
  return status ?? '';
}

/** The part of a filter the per-day kept counts answer: a courier and/or inclusive Bucharest days. */
export interface DayKept {
  courier?: string;
  from?: string;
  to?: string;
}

/**
 * A filter whose counts are kept per day (modules/order-counts/listCounts.ts, order_list_day_counts): besides a
 * status tab or an invoice status, only a courier and/or a creation range. Null: not such a filter.
 */
export function dayKeptFilter(f: OrderListFilter): DayKept | null {
  if (f.search !== '') return null;
  const day = new Set<string>(['courier', 'created_from', 'created_to']);
  const others = ORDER_FILTER_KEYS.filter(
    (k) => k !== 'search' && k !== 'status' && k !== 'invoice_status' && f[k] !== undefined,
  );
  if (others.length === 0 || others.some((k) => !day.has(k))) return null;
  return { courier: f.courier, from: f.created_from, to: f.created_to };
}

/**
 * Whether orders of this status and invoice status are in the list under the filter's status tab
 * and invoice status, as filterConditions says (a legacy `status=storno` is the invoice status).
 */
export function matchesStatus(
  f: Pick<OrderListFilter, 'status' | 'invoice_status'>,
  row: { status: string; invoice_status: string },
): boolean {
  if (f.status && (isLegacyInvoiceStatus(f.status) ? row.invoice_status : row.status) !== f.status) return false;
  return !f.invoice_status || row.invoice_status === f.invoice_status;
}
