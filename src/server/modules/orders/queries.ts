import { PostgresAdapter, sql, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { AttentionReason, CustomerDetail, Order } from '../../../core/api/orders.js';
import type { Lang } from '../../../core/messages.js';
import { RATE_SCALE } from '../../../core/orders/currency.js';
import type { Engine, Executor } from '../../db/connection.js';
import {
  jsonBoolean,
  jsonLei,
  jsonObject,
  jsonObjectWhen,
  nestedItems,
  parsedJson,
  type JsonFields,
} from '../../db/json.js';
import { JsonText } from '../../http/jsonText.js';
import { prepared } from '../../db/perf/prepared.js';
import type { AppliedDiscountsTable, OrderCustomerDetailsTable, OrderProductsTable } from '../../db/schema.js';
import { flagsAnswerJson, flagsOf } from '../customers/index.js';
import { invoiceDocsJson, invoiceViewFromJson } from '../invoices/index.js';
import { awbCandidatesView, unsettledShipments } from '../shipping/index.js';
import { addressCheckView } from './addressCheckView.js';
import type { OrderListFilter } from '../../../core/orders/listFilter.js';
import { allOf, filterConditions } from './filter.js';
import { idsMatching } from './list/index.js';
import { MAX_ORDER_ID, orderMoneyFields, SELECTION_BOUND } from './list/shared.js';

// The orders list and its counts are the list's readers (list/index.ts); this file reads and
// writes one order: its answer, its lines, discounts and customer details, and the export's rows.

// ---- one order --------------------------------------------------------------------------------

/**
 * The order as the API answers it (assembleOrder's fields) in ONE statement, written as JSON by
 * the database (db/json.ts): the order, its customer with their flags, lines, discounts and
 * history. Node neither parses the parts nor builds and stringifies the order again: that was a
 * third of an order's CPU on SQLite. Two parts are left to the modules whose views they are: the
 * AWB candidates of an unsettled create (shipping) and the invoice documents (invoices), read as
 * rows in the same statement and added by findOrder.
 */
function orderAnswerFields(engine: Engine, companyId: number): JsonFields {
  const ref = (c: string) => sql.ref(c);
  const lei = (c: RawBuilder<unknown> | string) => jsonLei(engine, typeof c === 'string' ? sql.ref(c) : c);
  const lines = nestedItems(
    engine,
    [
      ['id', ref('l.id')],
      ['product_id', ref('l.product_id')],
      ['quantity', ref('l.quantity')],
      [
        'product',
        [
          ['name', ref('l.name')],
          ['sku', ref('l.sku')],
          ['selling_price', lei('l.price')],
          ['currency', ref('l.currency')],
        ],
      ],
      ['value', lei(sql`l.price * l.quantity`)],
      // A line priced in another currency shows what it was converted from (assembleOrder's rule).
      [
        'conversion',
        jsonObjectWhen(
          engine,
          sql`coalesce(l.original_currency, '') <> '' and l.exchange_rate is not null and coalesce(l.rate_date, '') <> ''`,
          [
            ['currency', ref('l.original_currency')],
            ['price', lei(sql`coalesce(l.original_price, 0)`)],
            // rateNumber: the kept integer over RATE_SCALE, the same division in doubles.
            [
              'rate',
              engine === 'postgres'
                ? sql`(l.exchange_rate::float8 / ${sql.raw(String(RATE_SCALE))})`
                : sql`(l.exchange_rate / ${sql.raw(RATE_SCALE.toFixed(1))})`,
            ],
            ['rate_date', ref('l.rate_date')],
            ['source', sql`case when l.rate_source = 'company' then 'company' else 'bnr' end`],
          ],
        ),
      ],
    ],
    { by: 'id', dir: 'asc' },
    sql`from order_products l where l.order_id = o.id`,
  );
  const discounts = nestedItems(
    engine,
    [
      ['id', ref('a.id')],
      ['type', ref('a.type')],
      ['value', sql`case when a.type = 'shipping' then null else ${lei('a.value')} end`],
      ['quantity', ref('a.quantity')],
      ['order_product_id', ref('a.order_product_id')],
      ['coupon', ref('a.coupon')],
      ['kind', ref('a.kind')],
      ['automatic', jsonBoolean(engine, sql`a.kind in ('order', 'product')`)],
      ['amount', lei('a.amount')],
    ],
    { by: 'id', dir: 'asc' },
    sql`from applied_discounts a where a.order_id = o.id`,
  );
  // A user's names are stored trimmed (the command that adds a user trims them), so SQL's trim of
  // the two joined equals JavaScript's: an empty name for a user without names.
  const history = nestedItems(
    engine,
    [
      ['id', ref('e.id')],
      ['type', ref('e.type')],
      ['data', engine === 'postgres' ? sql`e.data::json` : sql`json(e.data)`],
      ['created_at', ref('e.created_at')],
      [
        'user',
        jsonObjectWhen(engine, sql`e.user_id is not null`, [
          ['id', ref('e.user_id')],
          ['name', sql`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`],
        ]),
      ],
    ],
    { by: 'id', dir: 'desc' },
    sql`from order_events e left join users u on u.id = e.user_id where e.order_id = o.id`,
  );
  return [
    ...orderMoneyFields(engine),
    ['company_id', ref('o.company_id')],
    ['source_id', ref('o.source_id')],
    ['source', ref('s.source')],
    ['observations', ref('o.observations')],
    ['details', ref('o.details')],
    ['payment_method', ref('o.payment_method')],
    ['coupon_code', ref('o.coupon_code')],
    ['external_id', ref('o.external_id')],
    [
      'customer_detail',
      [
        ['customer_id', ref('o.customer_id')],
        ['name', ref('d.name')],
        ['phone_number', ref('cc.phone_number')],
        ...DETAIL_FIELDS.map((c) => [c, ref(`d.${c}`)] as const),
        ['flags', flagsAnswerJson('o.customer_id', companyId, engine)],
      ],
    ],
    ['order_products', lines],
    ['applied_discounts', discounts],
    ['history', history],
    // The unsettled attempts only: their states are the order's AWB states (awbState).
    ['awb_state', ref('sh.state')],
  ];
}

/** The customer details' own fields an order shows after its name and phone (toCustomerDetail). */
const DETAIL_FIELDS = [
  'email',
  'county',
  'county_id',
  'city',
  'city_id',
  'street',
  'street_id',
  'street_number',
  'zip_code',
  'address',
  'company_name',
  'vat_number',
  'company_address',
  'company_city',
  'company_county',
] as const satisfies readonly (keyof CustomerDetailRow & keyof CustomerDetail)[];

const orderInOne = prepared(
  (exec, v: { engine: Engine; companyId: number; id: number }) => {
    const invoices = invoiceDocsJson('o.id', v.engine);
    return sql<{
      order_json: string;
      awb_state: string | null;
      awb_courier: string | null;
      awb_candidates: string | null;
      invoices_json: Parameters<typeof invoiceViewFromJson>[0] | string;
      invoice_lines_json: Parameters<typeof invoiceViewFromJson>[1] | string;
      address_check: string | null;
      attention: string | null;
      attention_since: number | string | null;
    }>`select ${jsonObject(v.engine, orderAnswerFields(v.engine, v.companyId))} as order_json,
      sh.state as awb_state, sh.courier as awb_courier, sh.candidates as awb_candidates, o.address_check,
      o.attention, o.attention_since,
      ${invoices.docs} as invoices_json, ${invoices.lines} as invoice_lines_json
    from orders o
    join order_customer_details d on d.order_id = o.id
    join company_customers cc on cc.company_id = o.company_id and cc.customer_id = o.customer_id
    left join sources s on s.id = o.source_id
    left join ${unsettledShipments(exec)} on sh.order_id = o.id
    where o.id = ${v.id} and o.company_id = ${v.companyId}`;
  },
  { shape: ['engine'] },
);

/**
 * The order of the company with its customer (the order's own details, the phone the company
 * knows), lines, discounts and history, or undefined (another company's order too), read in one
 * statement on both engines as the JSON text of the answer (orderInOne).
 */
export async function findOrder(
  exec: Executor,
  companyId: number,
  id: number,
  lang: Lang = 'en',
): Promise<JsonText<Order> | undefined> {
  const engine: Engine = exec.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const [o] = await orderInOne(exec, { engine, companyId, id });
  if (!o) return undefined;
  const invoices = invoiceViewFromJson(parsedJson(o.invoices_json), parsedJson(o.invoice_lines_json));
  const rest: Pick<
    Order,
    'awb_candidates' | 'invoice_state' | 'invoice' | 'invoice_documents' | 'address_check' | 'attention'
  > = {
    awb_candidates: awbCandidatesView({ state: o.awb_state, courier: o.awb_courier, candidates: o.awb_candidates }),
    invoice_state: invoices.state,
    invoice: invoices.invoice,
    invoice_documents: invoices.documents,
    // Its reason in the reader's language (addressCheckView).
    address_check: addressCheckView(o.address_check, lang),
    attention: attentionView(o),
  };
  // The database's object, its closing brace replaced by these fields.
  return new JsonText(`${o.order_json.slice(0, -1)},${JSON.stringify(rest).slice(1)}`);
}

/** Why the order's parcel needs attention, and since when; null when it needs none. */
export const attentionView = (o: {
  attention: string | null;
  attention_since: number | string | null;
}): Order['attention'] =>
  o.attention === null
    ? null
    : { reason: o.attention as AttentionReason, since: o.attention_since === null ? null : Number(o.attention_since) };

// ---- the order's lines, discounts and customer details (written by the orders service) ---------

export type LineRow = Selectable<OrderProductsTable>;

export type AppliedDiscountRow = Selectable<AppliedDiscountsTable>;

export type CustomerDetailRow = Selectable<OrderCustomerDetailsTable>;

export function linesOfOrder(exec: Executor, orderId: number): Promise<LineRow[]> {
  return exec.selectFrom('order_products').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function lineById(exec: Executor, lineId: number): Promise<LineRow | undefined> {
  return exec.selectFrom('order_products').selectAll().where('id', '=', lineId).executeTakeFirst();
}

/** The order's first line of this product (a product added again joins it). */
export function lineOfProduct(exec: Executor, orderId: number, productId: number): Promise<LineRow | undefined> {
  return exec
    .selectFrom('order_products')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .orderBy('id')
    .executeTakeFirst();
}

export async function insertLine(exec: Executor, line: Insertable<OrderProductsTable>): Promise<number> {
  return (await exec.insertInto('order_products').values(line).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setLineQuantityRow(exec: Executor, lineId: number, quantity: number, now: number): Promise<void> {
  await exec.updateTable('order_products').set({ quantity, updated_at: now }).where('id', '=', lineId).execute();
}

/** The line goes with the discounts that applied to it. */
export async function deleteLineRow(exec: Executor, lineId: number): Promise<void> {
  await exec.deleteFrom('applied_discounts').where('order_product_id', '=', lineId).execute();
  await exec.deleteFrom('order_products').where('id', '=', lineId).execute();
}

export function discountsOfOrder(exec: Executor, orderId: number): Promise<AppliedDiscountRow[]> {
  return exec.selectFrom('applied_discounts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function discountById(exec: Executor, id: number): Promise<AppliedDiscountRow | undefined> {
  return exec.selectFrom('applied_discounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDiscount(exec: Executor, d: Insertable<AppliedDiscountsTable>): Promise<number> {
  return (await exec.insertInto('applied_discounts').values(d).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDiscountRow(
  exec: Executor,
  id: number,
  set: Updateable<AppliedDiscountsTable>,
): Promise<void> {
  await exec.updateTable('applied_discounts').set(set).where('id', '=', id).execute();
}

export async function deleteDiscountRow(exec: Executor, id: number): Promise<void> {
  await exec.deleteFrom('applied_discounts').where('id', '=', id).execute();
}

/** The places of the order where the rules add no automatic discount (the seller edited or deleted one there). */
export function dismissedDiscountsOf(
  exec: Executor,
  orderId: number,
): Promise<{ kind: string; order_product_id: number | null }[]> {
  return exec
    .selectFrom('dismissed_discounts')
    .select(['kind', 'order_product_id'])
    .where('order_id', '=', orderId)
    .execute();
}

export async function insertDismissedDiscount(
  exec: Executor,
  d: { order_id: number; order_product_id: number | null; kind: string; created_at: number },
): Promise<void> {
  await exec.insertInto('dismissed_discounts').values(d).execute();
}

/**
 * What an AWB create reads of the company's order before anything else, in one statement: that it
 * is the company's (none: 404), its recipient's e-mail and the company's name (the sender the
 * courier prints).
 */
export async function awbPartiesOf(
  exec: Executor,
  companyId: number,
  orderId: number,
): Promise<{ email: string | null; sender_name: string } | undefined> {
  return (await awbParties(exec, { companyId, orderId }))[0];
}

const awbParties = prepared((exec, v: { companyId: number; orderId: number }) =>
  exec
    .selectFrom('orders as o')
    .innerJoin('companies as co', 'co.id', 'o.company_id')
    .leftJoin('order_customer_details as d', 'd.order_id', 'o.id')
    .select(['d.email', 'co.name as sender_name'])
    .where('o.id', '=', v.orderId)
    .where('o.company_id', '=', v.companyId),
);

export function customerDetailOf(exec: Executor, orderId: number): Promise<CustomerDetailRow> {
  return exec
    .selectFrom('order_customer_details')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function insertCustomerDetail(exec: Executor, d: Insertable<OrderCustomerDetailsTable>): Promise<void> {
  await exec.insertInto('order_customer_details').values(d).execute();
}

export async function updateCustomerDetailRow(
  exec: Executor,
  orderId: number,
  set: Updateable<OrderCustomerDetailsTable>,
): Promise<void> {
  await exec.updateTable('order_customer_details').set(set).where('order_id', '=', orderId).execute();
}

/** The order's own rows (lines, discounts, customer details) before the order itself goes. */
export async function deleteOrderContents(exec: Executor, orderId: number): Promise<void> {
  await exec.deleteFrom('dismissed_discounts').where('order_id', '=', orderId).execute();
  await exec.deleteFrom('applied_discounts').where('order_id', '=', orderId).execute();
  await exec.deleteFrom('order_products').where('order_id', '=', orderId).execute();
  await exec.deleteFrom('order_customer_details').where('order_id', '=', orderId).execute();
}

// ---- the export -------------------------------------------------------------------------------

export interface ExportRow {
  id: number;
  created_at: number;
  status: string;
  courier: string | null;
  courier_status: string | null;
  awb: string | null;
  bill_number: string | null;
  value: number;
  discount: number;
  client_shipping_cost: number;
  total_value: number;
  customer_id: number;
  name: string;
  email: string | null;
  phone_number: string;
  county: string | null;
  city: string | null;
  street: string | null;
  street_number: string | null;
  zip_code: string | null;
  address: string | null;
  source: string | null;
  lines: { sku: string; name: string; quantity: number; price: number }[];
  flagged: boolean;
}

const EXPORT_BATCH = 500;

/**
 * The orders the list shows under this filter, newest first, in batches of EXPORT_BATCH with
 * their customer, address, source, lines and flags: three queries a batch, one batch in memory.
 * The batches walk the ids downwards (keyset), so a batch costs the same at the end as at the start.
 * `searchExec` answers a search's ids (a broad search can be a long read: the read pool);
 * the batches themselves are short keyset reads for `exec`.
 */
export async function* exportBatches(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
  { batch = EXPORT_BATCH, searchExec = exec }: { batch?: number; searchExec?: Executor } = {},
): AsyncGenerator<ExportRow[]> {
  const where = allOf(filterConditions(f, { status: true }));
  // A search is answered by its own indexes: its matches (up to the selection bound) first.
  const searched = f.search ? await idsMatching(searchExec, engine, companyId, f, SELECTION_BOUND) : null;
  // The largest id still to read: an integer column on PostgreSQL, so the walk never names 2^31.
  let atMost = MAX_ORDER_ID;
  for (let i = 0; ; i += batch) {
    let q = exec
      .selectFrom('orders as o')
      .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
      .innerJoin('company_customers as cc', (j) =>
        j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
      )
      .leftJoin('sources as s', 's.id', 'o.source_id')
      .select([
        'o.id',
        'o.created_at',
        'o.status',
        'o.courier',
        'o.courier_status',
        'o.awb',
        'o.bill_number',
        'o.value',
        'o.discount',
        'o.client_shipping_cost',
        'o.total_value',
        'o.customer_id',
        'd.name',
        'd.email',
        'cc.phone_number',
        'd.county',
        'd.city',
        'd.street',
        'd.street_number',
        'd.zip_code',
        'd.address',
        's.source',
      ])
      .where('o.company_id', '=', companyId);
    if (searched) {
      const ids = searched.slice(i, i + batch);
      if (ids.length === 0) return;
      q = q.where('o.id', 'in', ids);
    } else {
      q = q.where(where).where('o.id', '<=', atMost).limit(batch);
    }
    const rows = await q.orderBy('o.id', 'desc').execute();
    if (rows.length === 0) return;
    atMost = rows[rows.length - 1].id - 1;
    const ids = rows.map((r) => r.id);
    const lines = await exec
      .selectFrom('order_products')
      .select(['order_id', 'sku', 'name', 'quantity', 'price'])
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
    const flags = await flagsOf(exec, companyId, [...new Set(rows.map((r) => r.customer_id))]);
    const byOrder = new Map<number, ExportRow['lines']>();
    for (const l of lines) {
      const list = byOrder.get(l.order_id) ?? [];
      list.push({ sku: l.sku, name: l.name, quantity: l.quantity, price: Number(l.price) });
      byOrder.set(l.order_id, list);
    }
    yield rows.map((r) => ({
      ...r,
      created_at: Number(r.created_at),
      value: Number(r.value),
      discount: Number(r.discount),
      client_shipping_cost: Number(r.client_shipping_cost),
      total_value: Number(r.total_value),
      lines: byOrder.get(r.id) ?? [],
      flagged: (flags.get(r.customer_id) ?? []).length > 0,
    }));
    if (!searched && rows.length < batch) return;
  }
}

export async function companyName(exec: Executor, companyId: number): Promise<string> {
  const row = await exec.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? '';
}
