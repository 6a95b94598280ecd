import type { Selectable } from 'kysely';
import type {
  AppliedDiscount,
  CustomerDetail,
  Flag,
  Order,
  OrderEvent,
  OrderListItem,
  OrderProduct,
  PaymentMethod,
} from '../../../core/api/orders.js';
import type { ListMeta } from '../../../core/api/list.js';
import type { Lang } from '../../../core/messages.js';
import { fromBani } from '../../../core/money.js';
import { rateNumber } from '../../../core/orders/currency.js';
import type { OrderListFilter } from '../../../core/orders/listFilter.js';
import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/perf/prepared.js';
import type { AppliedDiscountsTable, OrderCustomerDetailsTable, OrdersTable } from '../../db/schema.js';
import { keptCount, pageMeta } from '../../http/list.js';
import { flagsOf } from '../customers/index.js';
import { orderInvoiceView, type OrderInvoiceView } from '../invoices/index.js';
import { awbCandidatesView, unsettledShipments } from '../shipping/index.js';
import { addressCheckView } from './addressCheckView.js';
import { pageIds, plainPage, type OrderListOptions } from './list/shared.js';
import { attentionView, type AppliedDiscountRow, type CustomerDetailRow, type LineRow } from './queries.js';

/**
 * The reference versions of the orders list's page and of one order, as they were read before each
 * became one statement written as JSON by the database: several queries, the answer built in code.
 * Only oneStatement.test.ts uses them, holding the one-statement answers to them field by field on
 * both engines; they live beside that test so that no code that runs carries them.
 */

/**
 * listOrders as it was before the one-statement pages: the kept count, the page's ids, its rows
 * and its customers' flags, each a query, the rows as objects. Only the tests call it: they hold
 * the one-statement pages to it field by field, on both engines.
 */
export async function listOrdersInParts(
  exec: Executor,
  companyId: number,
  q: Omit<OrderListOptions, keyof OrderListFilter> & Pick<OrderListFilter, 'status' | 'invoice_status'>,
): Promise<{ data: OrderListItem[]; meta: ListMeta }> {
  const desc = q.sort === '-created_at';
  const offset = (q.page - 1) * q.items;
  const plain = plainPage(companyId, q, desc, offset);
  const known = await keptCount(exec, companyId, 'orders', plain.bucket);
  const page = await pageIds(exec, plain);
  const data = await orderListRowsInParts(
    exec,
    companyId,
    page.map((r) => r.id),
  );
  return { data, meta: pageMeta(known, q.page, q.items) };
}

const listRows = prepared(
  (exec, v: { companyId: number; ids: number[] }) =>
    exec
      .selectFrom('orders as o')
      .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
      .innerJoin('company_customers as cc', (j) =>
        j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
      )
      .leftJoin(unsettledShipments(exec), 'sh.order_id', 'o.id')
      .selectAll('o')
      .select(['d.name', 'd.email', 'cc.phone_number', 'sh.state as awb_state'])
      .where('o.id', 'in', v.ids)
      .where('o.company_id', '=', v.companyId),
  { lists: ['ids'] },
);

/**
 * The list rows of these orders (in the order given), with their customers' flags, in parts: the
 * rows, then the flags. listOrdersInParts reads the page this way, the reference that the tests
 * hold the one-statement pages to, field by field.
 */
async function orderListRowsInParts(exec: Executor, companyId: number, ids: number[]): Promise<OrderListItem[]> {
  if (ids.length === 0) return [];
  const rows = await listRows(exec, { companyId, ids });
  const flags = await flagsOf(
    exec,
    companyId,
    rows.map((r) => r.customer_id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map((r) => toListItem(r, flags.get(r.customer_id) ?? []));
}

/** What a list row shows of the order, its customer and its AWB. */
type ListRow = Pick<Selectable<OrdersTable>, ListOrderColumn> & {
  name: string;
  email: string | null;
  phone_number: string;
  awb_state: string | null;
};

const toListItem = (r: ListRow, flags: Flag[]): OrderListItem => ({
  ...orderMoney(r),
  awb_state: awbState(r.awb_state),
  customer_detail: {
    customer_id: r.customer_id,
    name: r.name,
    phone_number: r.phone_number,
    telefon: r.phone_number,
    email: r.email,
    flags,
  },
});

/** The order's columns a list row shows. */
type ListOrderColumn =
  | 'id'
  | 'customer_id'
  | 'status'
  | 'invoice_status'
  | 'courier'
  | 'courier_status'
  | 'awb'
  | 'bill_number'
  | 'value'
  | 'discount'
  | 'client_shipping_cost'
  | 'total_value'
  | 'created_at'
  | 'updated_at';

const awbState = (state: string | null): Order['awb_state'] =>
  state === 'pending' || state === 'unknown' ? state : null;

function orderMoney(
  r: Omit<ListRow, 'name' | 'email' | 'phone_number' | 'awb_state'>,
): Omit<OrderListItem, 'customer_detail' | 'awb_state'> {
  return {
    id: r.id,
    status: r.status,
    invoice_status: r.invoice_status as OrderListItem['invoice_status'],
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

function toAppliedDiscount(d: Selectable<AppliedDiscountsTable>): AppliedDiscount {
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

function toCustomerDetail(
  d: Selectable<OrderCustomerDetailsTable>,
  customerId: number,
  phone: string,
  flags: Flag[],
): CustomerDetail {
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

/** The order's row as findOrder reads it: with its customer's phone, its source and its unsettled AWB create. */
type OrderHead = Selectable<OrdersTable> & {
  phone_number: string;
  source: string | null;
  awb_state: string | null;
  awb_courier: string | null;
  awb_candidates: string | null;
};

type EventRow = {
  id: number;
  type: string;
  data: string;
  created_at: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
};

const orderHead = (exec: Executor) =>
  exec
    .selectFrom('orders as o')
    .innerJoin('company_customers as cc', (j) =>
      j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
    )
    .leftJoin('sources as s', 's.id', 'o.source_id')
    .leftJoin(unsettledShipments(exec), 'sh.order_id', 'o.id')
    .selectAll('o')
    .select([
      'cc.phone_number',
      's.source',
      'sh.state as awb_state',
      'sh.courier as awb_courier',
      'sh.candidates as awb_candidates',
    ]);

/** findOrder in several queries, built in code: what the tests hold the one statement to, on both engines. */
export async function findOrderInParts(
  exec: Executor,
  companyId: number,
  id: number,
  lang: Lang = 'en',
): Promise<Order | undefined> {
  const o = await orderHead(exec).where('o.id', '=', id).where('o.company_id', '=', companyId).executeTakeFirst();
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
  return assembleOrder(o, {
    detail,
    lines,
    discounts,
    events,
    flags: flags.get(o.customer_id) ?? [],
    invoices,
    lang,
  });
}

function assembleOrder(
  o: OrderHead,
  parts: {
    detail: CustomerDetailRow;
    lines: LineRow[];
    discounts: AppliedDiscountRow[];
    events: EventRow[];
    flags: Flag[];
    invoices: OrderInvoiceView;
    lang: Lang;
  },
): Order {
  const orderProducts: OrderProduct[] = parts.lines.map((l) => ({
    id: l.id,
    product_id: l.product_id,
    quantity: l.quantity,
    product: { name: l.name, sku: l.sku, selling_price: fromBani(Number(l.price)), currency: l.currency },
    value: fromBani(Number(l.price) * l.quantity),
    conversion:
      l.original_currency && l.exchange_rate !== null && l.rate_date
        ? {
            currency: l.original_currency,
            price: fromBani(Number(l.original_price ?? 0)),
            rate: rateNumber(Number(l.exchange_rate)),
            rate_date: l.rate_date,
            source: l.rate_source === 'company' ? 'company' : 'bnr',
          }
        : null,
  }));
  const history: OrderEvent[] = parts.events.map((e) => ({
    id: e.id,
    type: e.type,
    data: JSON.parse(e.data) as Record<string, unknown>,
    created_at: Number(e.created_at),
    user: e.user_id === null ? null : { id: e.user_id, name: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() },
  }));
  const { invoices } = parts;
  return {
    ...orderMoney(o),
    company_id: o.company_id,
    source_id: o.source_id,
    source: o.source ?? null,
    observations: o.observations,
    details: o.details,
    payment_method: o.payment_method as PaymentMethod,
    coupon_code: o.coupon_code,
    customer_detail: toCustomerDetail(parts.detail, o.customer_id, o.phone_number, parts.flags),
    order_products: orderProducts,
    applied_discounts: parts.discounts.map(toAppliedDiscount),
    history,
    awb_state: awbState(o.awb_state),
    awb_candidates: awbCandidatesView({ state: o.awb_state, courier: o.awb_courier, candidates: o.awb_candidates }),
    invoice_state: invoices.state,
    invoice: invoices.invoice,
    invoice_documents: invoices.documents,
    external_id: o.external_id,
    address_check: addressCheckView(o.address_check, parts.lang),
    attention: attentionView(o),
  };
}
