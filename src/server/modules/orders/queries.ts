import { sql, type Selectable } from 'kysely';
import type { AppliedDiscount, Customer, CustomerDetail, Flag, Order, OrderEvent, OrderListItem, OrderProduct } from '../../../core/api/orders.js';
import { SEARCH_COUNT_WINDOW, type ListMeta } from '../../../core/api/list.js';
import { fromBani } from '../../../core/money.js';
import { normalizePhone } from '../../../core/orders/phone.js';
import type { Engine, Executor } from '../../db/connection.js';
import type { AppliedDiscountsTable, OrderCustomerDetailsTable, OrdersTable } from '../../db/schema.js';
import { boundedCount, containsPattern, keptCount, pageMeta, type ListTotal } from '../../http/list.js';
import { orderInvoiceView } from '../invoices/queries.js';

// ---- counts kept with every write -------------------------------------------------------------

/**
 * Adds `delta` to a kept count of the company (list_counts of migration 011), in the caller's
 * transaction: list 'orders' with bucket '' (all) and one bucket per status, list 'customers'.
 */
export async function bumpCount(exec: Executor, companyId: number, list: 'orders' | 'customers', bucket: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await exec
    .insertInto('list_counts')
    .values({ company_id: companyId, list, bucket, n: delta })
    .onConflict((oc) => oc.columns(['company_id', 'list', 'bucket']).doUpdateSet({ n: sql<number>`list_counts.n + excluded.n` }))
    .execute();
}

/**
 * Several count changes of one write, always in the same (list, bucket) order: two transactions
 * touching the same count rows lock them in the same order, so PostgreSQL never deadlocks them
 * (a cancel moving 'new' -> 'cancelled' beside a restore moving 'cancelled' -> 'new').
 */
export async function bumpCounts(exec: Executor, companyId: number, changes: ['orders' | 'customers', string, number][]): Promise<void> {
  const sorted = [...changes].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  for (const [list, bucket, delta] of sorted) await bumpCount(exec, companyId, list, bucket, delta);
}

// ---- flags ------------------------------------------------------------------------------------

/** Every flag of these customers, in one query; another company's id never leaves this function. */
export async function flagsOf(exec: Executor, companyId: number, customerIds: number[]): Promise<Map<number, Flag[]>> {
  const out = new Map<number, Flag[]>();
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return out;
  const rows = await exec.selectFrom('flags').select(['customer_id', 'company_id', 'reason', 'created_at']).where('customer_id', 'in', ids).orderBy('customer_id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  for (const r of rows) {
    const own = r.company_id === companyId;
    const list = out.get(r.customer_id) ?? [];
    list.push({ reason: r.reason, created_at: Number(r.created_at), flagged_by_company_id: own ? companyId : null, by_this_company: own });
    out.set(r.customer_id, list);
  }
  return out;
}

// ---- the orders list --------------------------------------------------------------------------

export interface OrderListOptions {
  page: number;
  items: number;
  search: string;
  sort: '-created_at' | 'created_at';
  status?: string;
}

const MAX_ORDER_ID = 2_147_483_647;
/**
 * PostgreSQL: a name or email term with at most this many matches is answered from the trigram
 * index's matches, a broader one by walking the company's orders newest first. Near this many
 * matches both cost about the same on the bench's million orders (a bitmap of 5,000 rows, or a walk
 * of 200 rows per page row), so either side of it picks the cheaper.
 */
const NARROW_PROBE = 5000;

/**
 * The ids matching a search, newest first, as a query of `id` rows (never more than the page needs
 * when run with a limit). Kinds of term:
 * - a phone number in any form: the orders of the customer with that normalised number;
 * - a whole number: that order id (and, if it is also a phone number, that customer's orders);
 * - otherwise a substring of the name or email of the order's customer (3 characters or more use
 *   the trigram index: FTS5 on SQLite, pg_trgm on PostgreSQL).
 */
async function searchIds(exec: Executor, engine: Engine, companyId: number, term: string, opts: { status?: string; desc: boolean; limit: number; offset: number; narrowProbe: number }): Promise<number[]> {
  const phone = normalizePhone(term);
  const asId = /^\d{1,10}$/.test(term) && Number(term) <= MAX_ORDER_ID ? Number(term) : null;
  if (phone || asId !== null) {
    const ids = new Set<number>();
    if (asId !== null) {
      let q = exec.selectFrom('orders').select('id').where('id', '=', asId).where('company_id', '=', companyId);
      if (opts.status) q = q.where('status', '=', opts.status);
      const row = await q.executeTakeFirst();
      if (row) ids.add(row.id);
    }
    if (phone) {
      const customer = await exec.selectFrom('customers').select('id').where('phone_number', '=', phone).executeTakeFirst();
      if (customer) {
        let q = exec.selectFrom('orders').select('id').where('customer_id', '=', customer.id).where('company_id', '=', companyId);
        if (opts.status) q = q.where('status', '=', opts.status);
        const rows = await q.orderBy('id', opts.desc ? 'desc' : 'asc').limit(opts.offset + opts.limit).execute();
        for (const r of rows) ids.add(r.id);
      }
    }
    const sorted = [...ids].sort((a, b) => (opts.desc ? b - a : a - b));
    return sorted.slice(opts.offset, opts.offset + opts.limit);
  }
  const dir = opts.desc ? sql.raw('desc') : sql.raw('asc');
  const status = opts.status ? sql`and o.status = ${opts.status}` : sql``;
  if (engine === 'sqlite' && [...term].length >= 3) {
    // The FTS5 table drives (CROSS JOIN keeps it outer) and yields rowids in order: the walk stops at the page.
    const phrase = `"${term.replace(/"/g, '""')}"`;
    const { rows } = await sql<{ id: number }>`select o.id from orders_search s cross join orders o on o.id = s.rowid
      where orders_search match ${phrase} and o.company_id = ${companyId} ${status}
      order by s.rowid ${dir} limit ${opts.limit} offset ${opts.offset}`.execute(exec);
    return rows.map((r) => r.id);
  }
  const pattern = containsPattern(term);
  if (engine === 'postgres' && [...term].length >= 3) {
    // Probe the trigram indexes first, for at most NARROW_PROBE matches (any company). A term with
    // fewer matches is answered from them (a bitmap of a few thousand rows); walking the company's
    // orders newest first instead read 281,000 rows to fill one page of a name with 1,579 orders
    // (150 ms), and every row for a term with none. A broader term fills its page after a short walk.
    const { rows: probe } = await sql<{ order_id: number }>`select d.order_id from order_customer_details d
      where d.name ilike ${pattern} escape '\\' or d.email ilike ${pattern} escape '\\' limit ${opts.narrowProbe + 1}`.execute(exec);
    if (probe.length <= opts.narrowProbe) {
      if (probe.length === 0) return [];
      const { rows } = await sql<{ id: number }>`select o.id from orders o where o.id = any(${probe.map((r) => r.order_id)}::int[])
        and o.company_id = ${companyId} ${status} order by o.id ${dir} limit ${opts.limit} offset ${opts.offset}`.execute(exec);
      return rows.map((r) => r.id);
    }
  }
  const op = engine === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  const { rows } = await sql<{ id: number }>`select o.id from orders o join order_customer_details d on d.order_id = o.id
    where o.company_id = ${companyId} ${status} and (d.name ${op} ${pattern} escape '\\' or d.email ${op} ${pattern} escape '\\')
    order by o.id ${dir} limit ${opts.limit} offset ${opts.offset}`.execute(exec);
  return rows.map((r) => r.id);
}

/**
 * A page of the company's orders, newest first by default. meta.total comes from the counts kept
 * with every write (no count of the orders table). A search reads the ids of its matches, newest
 * first, only up to the page's offset plus SEARCH_COUNT_WINDOW (so it stops, and its total is exact
 * below that bound, `total_exact: false` beyond). The page's offset is taken on the
 * (company_id[, status], id) index alone, before any row is read, so a deep page does not pay per
 * skipped row.
 */
export async function listOrders(exec: Executor, engine: Engine, companyId: number, q: OrderListOptions, tuning = { narrowProbe: NARROW_PROBE }): Promise<{ data: OrderListItem[]; meta: ListMeta }> {
  const desc = q.sort === '-created_at';
  const offset = (q.page - 1) * q.items;
  let ids: number[];
  let known: ListTotal;
  if (q.search) {
    const bound = offset + SEARCH_COUNT_WINDOW;
    const matches = await searchIds(exec, engine, companyId, q.search, { status: q.status, desc, limit: bound + 1, offset: 0, narrowProbe: tuning.narrowProbe });
    known = matches.length > bound ? { total: bound, exact: false } : { total: matches.length, exact: true };
    ids = matches.slice(offset, offset + q.items);
  } else {
    known = await keptCount(exec, companyId, 'orders', q.status ?? '');
    let page = exec.selectFrom('orders').select('id').where('company_id', '=', companyId);
    if (q.status) page = page.where('status', '=', q.status);
    const rows = await page.orderBy('id', desc ? 'desc' : 'asc').limit(q.items).offset(offset).execute();
    ids = rows.map((r) => r.id);
  }
  const data = await orderListRows(exec, companyId, ids);
  return { data, meta: pageMeta(known, q.page, q.items) };
}

/** The list rows of these orders (in the order given), with their customers' flags: three queries for any page size. */
async function orderListRows(exec: Executor, companyId: number, ids: number[]): Promise<OrderListItem[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .selectFrom('orders as o')
    .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin(unsettledShipments(exec), 'sh.order_id', 'o.id')
    .selectAll('o')
    .select(['d.name', 'd.email', 'c.phone_number', 'sh.state as awb_state'])
    .where('o.id', 'in', ids)
    .where('o.company_id', '=', companyId)
    .execute();
  const flags = await flagsOf(exec, companyId, rows.map((r) => r.customer_id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map((r) => ({
      ...orderMoney(r),
      awb_state: awbState(r.awb_state),
      customer_detail: { customer_id: r.customer_id, name: r.name, phone_number: r.phone_number, telefon: r.phone_number, email: r.email, flags: flags.get(r.customer_id) ?? [] },
    }));
}

/**
 * The AWB create of each order that is in flight or not yet settled with the courier (the shipping
 * module's shipments): at most one per order (a partial unique index), so joining it never
 * repeats an order.
 */
const unsettledShipments = (exec: Executor) => exec.selectFrom('shipments').select(['order_id', 'state']).where('state', 'in', ['pending', 'unknown']).as('sh');
const awbState = (state: string | null): Order['awb_state'] => (state === 'pending' || state === 'unknown' ? state : null);

function orderMoney(r: Selectable<OrdersTable>): Omit<OrderListItem, 'customer_detail' | 'awb_state'> {
  return {
    id: r.id,
    status: r.status,
    courier: r.courier,
    courier_status: r.courier_status,
    awb: r.awb,
    bill_number: r.bill_number,
    value: fromBani(Number(r.value)),
    discount: fromBani(Number(r.discount)),
    client_shipping_cost: fromBani(Number(r.client_shipping_cost)),
    total_value: fromBani(Number(r.total_value)),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

// ---- one order --------------------------------------------------------------------------------

export function toAppliedDiscount(d: Selectable<AppliedDiscountsTable>): AppliedDiscount {
  const value = d.value === null ? null : Number(d.value) / 100;
  return {
    id: d.id,
    type: d.type as AppliedDiscount['type'],
    value: d.type === 'shipping' ? null : value,
    quantity: d.quantity,
    order_product_id: d.order_product_id,
    coupon: d.coupon,
    kind: d.kind as AppliedDiscount['kind'],
    automatic: d.kind === 'order' || d.kind === 'product',
    amount: fromBani(Number(d.amount)),
  };
}

function toCustomerDetail(d: Selectable<OrderCustomerDetailsTable>, customerId: number, phone: string, flags: Flag[]): CustomerDetail {
  return {
    customer_id: customerId,
    name: d.name,
    phone_number: phone,
    email: d.email,
    county: d.county,
    county_id: d.county_id,
    city: d.city,
    city_id: d.city_id,
    street: d.street,
    street_id: d.street_id,
    street_number: d.street_number,
    zip_code: d.zip_code,
    address: d.address,
    company_name: d.company_name,
    vat_number: d.vat_number,
    company_address: d.company_address,
    company_city: d.company_city,
    company_county: d.company_county,
    flags,
  };
}

/** The order of the company with its customer, lines, discounts and history, or undefined (another company's order too). */
export async function findOrder(exec: Executor, companyId: number, id: number): Promise<Order | undefined> {
  const o = await exec
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('sources as s', 's.id', 'o.source_id')
    .leftJoin(unsettledShipments(exec), 'sh.order_id', 'o.id')
    .selectAll('o')
    .select(['c.phone_number', 's.source', 'sh.state as awb_state'])
    .where('o.id', '=', id)
    .where('o.company_id', '=', companyId)
    .executeTakeFirst();
  if (!o) return undefined;
  const [detail, lines, discounts, events, flags, invoices] = await Promise.all([
    exec.selectFrom('order_customer_details').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow(),
    exec.selectFrom('order_products').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    exec.selectFrom('applied_discounts').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    exec
      .selectFrom('order_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.id', 'e.type', 'e.data', 'e.created_at', 'e.user_id', 'u.first_name', 'u.last_name'])
      .where('e.order_id', '=', id)
      .orderBy('e.id', 'desc')
      .execute(),
    flagsOf(exec, companyId, [o.customer_id]),
    orderInvoiceView(exec, id),
  ]);
  const orderProducts: OrderProduct[] = lines.map((l) => ({
    id: l.id,
    product_id: l.product_id,
    quantity: l.quantity,
    product: { name: l.name, sku: l.sku, selling_price: fromBani(Number(l.price)), currency: l.currency },
    value: fromBani(Number(l.price) * l.quantity),
  }));
  const history: OrderEvent[] = events.map((e) => ({
    id: e.id,
    type: e.type,
    data: JSON.parse(e.data) as Record<string, unknown>,
    created_at: Number(e.created_at),
    user: e.user_id === null ? null : { id: e.user_id, name: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() },
  }));
  return {
    ...orderMoney(o),
    company_id: o.company_id,
    source_id: o.source_id,
    source: o.source ?? null,
    observations: o.observations,
    details: o.details,
    coupon_code: o.coupon_code,
    customer_detail: toCustomerDetail(detail, o.customer_id, o.phone_number, flags.get(o.customer_id) ?? []),
    order_products: orderProducts,
    applied_discounts: discounts.map(toAppliedDiscount),
    history,
    awb_state: awbState(o.awb_state),
    invoice_state: invoices.state,
    invoice: invoices.invoice,
  };
}

// ---- customers --------------------------------------------------------------------------------

/**
 * The customers who ordered from the company, newest first. meta.total is the kept count; a search
 * (phone in any form, or a substring of the name or email this company has) counts its matches up
 * to the page's offset plus SEARCH_COUNT_WINDOW.
 */
export async function listCustomers(exec: Executor, engine: Engine, companyId: number, q: { page: number; items: number; search: string }): Promise<{ data: Customer[]; meta: ListMeta }> {
  const offset = (q.page - 1) * q.items;
  let filtered = exec.selectFrom('company_customers as cc').innerJoin('customers as c', 'c.id', 'cc.customer_id').where('cc.company_id', '=', companyId);
  let known: ListTotal;
  if (q.search) {
    const phone = normalizePhone(q.search);
    const op = engine === 'postgres' ? 'ilike' : 'like';
    const pattern = containsPattern(q.search);
    filtered = phone ? filtered.where('c.phone_number', '=', phone) : filtered.where((eb) => eb.or([eb('cc.name', op, pattern), eb('cc.email', op, pattern)]));
    known = await boundedCount(exec, filtered, offset + SEARCH_COUNT_WINDOW);
  } else {
    known = await keptCount(exec, companyId, 'customers');
  }
  const rows = await filtered
    .select(['c.id', 'c.phone_number', 'cc.name', 'cc.email', 'cc.orders_count', 'cc.created_at'])
    .orderBy('cc.customer_id', 'desc')
    .limit(q.items)
    .offset(offset)
    .execute();
  const flags = await flagsOf(exec, companyId, rows.map((r) => r.id));
  return {
    data: rows.map((r) => ({ id: r.id, name: r.name, phone_number: r.phone_number, email: r.email, orders_count: Number(r.orders_count), flags: flags.get(r.id) ?? [], created_at: Number(r.created_at) })),
    meta: pageMeta(known, q.page, q.items),
  };
}

/** The customer as this company knows them (they ordered from it), or undefined. */
export async function findCompanyCustomer(exec: Executor, companyId: number, customerId: number) {
  return exec
    .selectFrom('company_customers as cc')
    .innerJoin('customers as c', 'c.id', 'cc.customer_id')
    .select(['c.id', 'c.phone_number', 'cc.name', 'cc.email', 'cc.orders_count', 'cc.created_at'])
    .where('cc.company_id', '=', companyId)
    .where('cc.customer_id', '=', customerId)
    .executeTakeFirst();
}
