import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { addDiscountBody, customerDetailBody, newOrderBody } from '../../../core/api/orders.js';
import { MAX_LINE_QUANTITY } from '../../../core/api/orders.js';
import { fromBani } from '../../../core/money.js';
import { matchOrderDiscount, matchProductDiscount } from '../../../core/orders/discountMatching.js';
import { cancelRefusal, contentsLock, restoreRefusal } from '../../../core/orders/eligibility.js';
import { deleteStockChange, lineStockChange, statusStockChange } from '../../../core/orders/stock.js';
import { computeTotals, type AppliedDiscountType } from '../../../core/orders/totals.js';
import type { ServiceContext } from '../../context.js';
import { forUpdate, type Executor } from '../../db/connection.js';
import type { AppliedDiscountsTable, Database, OrdersTable } from '../../db/schema.js';
import { FieldProblems, HttpError, notFound } from '../../http/errors.js';
import { bumpCounts } from './queries.js';
import { documentsOfOrder, HOLDING_STATES, inFlight, type DocumentState } from '../invoices/queries.js';
import { activeShipment, isUnsettled } from '../shipping/queries.js';

type Trx = Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;

/** How a discount value reads in the history: RON for amounts, a percent for percentages. */
const shownValue = (type: string, value: number | null) => (value === null ? null : type === 'percentage' ? Number(value) / 100 : fromBani(Number(value)));

/** Adds an event to the order's history, in the caller's transaction, by the context's user (none for the system: jobs). */
export async function record(trx: Executor, ctx: ServiceContext, orderId: number, type: string, data: Record<string, unknown> = {}): Promise<void> {
  await trx.insertInto('order_events').values({ order_id: orderId, user_id: ctx.userId || null, type, data: JSON.stringify(data), created_at: ctx.now }).execute();
}

/** The order of the company, locked until the transaction ends (404 for another company's order). */
export async function lockOrder(trx: Trx, ctx: ServiceContext, id: number): Promise<OrderRow> {
  const row = await forUpdate(trx, trx.selectFrom('orders').selectAll().where('id', '=', id).where('company_id', '=', ctx.companyId)).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function moveStock(trx: Executor, productId: number | null, delta: number): Promise<void> {
  if (productId === null || delta === 0) return;
  // One statement: two orders taking the same product at once never lose an update.
  await trx.updateTable('products').set({ stock: sql<number>`coalesce(stock, 0) + ${delta}` }).where('id', '=', productId).execute();
}

/**
 * Several stock moves, product by product in id order: two transactions moving the same products
 * lock their rows in the same order, so PostgreSQL never finds them waiting on each other.
 */
async function moveStocks(trx: Executor, moves: { productId: number | null; delta: number }[]): Promise<void> {
  const total = new Map<number, number>();
  for (const m of moves) if (m.productId !== null) total.set(m.productId, (total.get(m.productId) ?? 0) + m.delta);
  for (const id of [...total.keys()].sort((a, b) => a - b)) await moveStock(trx, id, total.get(id)!);
}

/**
 * Re-evaluates the automatic discounts and stores the totals. Each line gets the product discount
 * of its product with the highest quantity threshold it reaches; the order gets the order discount
 * of its source with the highest threshold not above its value. Discounts added by hand stay.
 * Then every discount's amount and the order's value, discount, client shipping cost and total are
 * stored. Changes of the automatic discounts go to the history.
 */
async function settle(trx: Trx, ctx: ServiceContext, order: OrderRow): Promise<void> {
  const lines = await trx.selectFrom('order_products').select(['id', 'product_id', 'price', 'quantity', 'sku']).where('order_id', '=', order.id).orderBy('id').execute();
  let discounts = await trx.selectFrom('applied_discounts').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const productIds = [...new Set(lines.map((l) => l.product_id).filter((p): p is number => p !== null))];
  const productRules = productIds.length
    ? await trx.selectFrom('product_discounts').select(['id', 'product_id', 'type', 'quantity', 'value']).where('company_id', '=', order.company_id).where('product_id', 'in', productIds).execute()
    : [];
  const orderRules = order.source_id
    ? await trx.selectFrom('order_discounts').select(['id', 'source_id', 'type', 'order_value', 'value']).where('company_id', '=', order.company_id).where('source_id', '=', order.source_id).execute()
    : [];
  const norm = <T extends { value: number | null }>(r: T) => ({ ...r, value: r.value === null ? null : Number(r.value) });

  const wanted: { kind: 'product' | 'order'; lineId: number | null; rule: { id: number; type: string; value: number | null }; quantity: number | null; sku?: string }[] = [];
  for (const l of lines) {
    const rule = matchProductDiscount(productRules.map(norm), l.product_id, l.quantity);
    if (rule) wanted.push({ kind: 'product', lineId: l.id, rule, quantity: rule.quantity, sku: l.sku });
  }
  const orderValue = lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0);
  const orderRule = matchOrderDiscount(orderRules.map((r) => ({ ...norm(r), order_value: Number(r.order_value) })), order.source_id, orderValue);
  if (orderRule) wanted.push({ kind: 'order', lineId: null, rule: orderRule, quantity: null });

  const automatic = discounts.filter((d) => d.kind === 'product' || d.kind === 'order');
  const same = (d: Selectable<AppliedDiscountsTable>, w: (typeof wanted)[number]) => d.kind === w.kind && d.order_product_id === w.lineId && d.rule_id === w.rule.id && d.type === w.rule.type && (d.value === null ? null : Number(d.value)) === w.rule.value;
  let changed = false;
  for (const d of automatic) {
    if (wanted.some((w) => same(d, w))) continue;
    await trx.deleteFrom('applied_discounts').where('id', '=', d.id).execute();
    await record(trx, ctx, order.id, d.type === 'shipping' ? 'free_shipping' : 'discount_removed', d.type === 'shipping' ? { applied: false } : { kind: d.kind, type: d.type, value: shownValue(d.type, d.value), automatic: true });
    changed = true;
  }
  for (const w of wanted) {
    if (automatic.some((d) => same(d, w))) continue;
    await trx
      .insertInto('applied_discounts')
      .values({ order_id: order.id, order_product_id: w.lineId, kind: w.kind, type: w.rule.type, value: w.rule.type === 'shipping' ? null : w.rule.value, quantity: w.quantity, coupon: null, rule_id: w.rule.id, amount: 0, created_at: ctx.now, updated_at: ctx.now })
      .execute();
    await record(trx, ctx, order.id, w.rule.type === 'shipping' ? 'free_shipping' : 'discount_added', w.rule.type === 'shipping' ? { applied: true } : { kind: w.kind, type: w.rule.type, value: shownValue(w.rule.type, w.rule.value), automatic: true, ...(w.sku ? { sku: w.sku } : {}) });
    changed = true;
  }
  if (changed) discounts = await trx.selectFrom('applied_discounts').selectAll().where('order_id', '=', order.id).orderBy('id').execute();

  const totals = computeTotals(
    lines.map((l) => ({ id: l.id, price: Number(l.price), quantity: l.quantity })),
    discounts.map((d) => ({ type: d.type as AppliedDiscountType, value: d.value === null ? null : Number(d.value), order_product_id: d.order_product_id })),
    Number(order.shipping_cost),
  );
  for (const [i, d] of discounts.entries()) {
    if (Number(d.amount) !== totals.discountAmounts[i]) await trx.updateTable('applied_discounts').set({ amount: totals.discountAmounts[i] }).where('id', '=', d.id).execute();
  }
  await trx
    .updateTable('orders')
    .set({ value: totals.value, discount: totals.discount, client_shipping_cost: totals.client_shipping_cost, total_value: totals.total_value, updated_at: ctx.now })
    .where('id', '=', order.id)
    .execute();
}

// ---- create -----------------------------------------------------------------------------------

type NewOrder = z.output<typeof newOrderBody>;

/** The customer with this (normalised) phone, created if new; safe when two orders of a new person arrive at once. */
async function customerFor(trx: Executor, phone: string, now: number): Promise<number> {
  await trx.insertInto('customers').values({ phone_number: phone, created_at: now, updated_at: now }).onConflict((oc) => oc.column('phone_number').doNothing()).execute();
  const row = await trx.selectFrom('customers').select('id').where('phone_number', '=', phone).executeTakeFirstOrThrow();
  return row.id;
}

/** One more order of the customer in the company; true when it is their first (the customer joins the company's list). */
async function addCompanyCustomer(trx: Executor, companyId: number, customerId: number, name: string, email: string | null, now: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('company_customers')
    .values({ company_id: companyId, customer_id: customerId, name, email, orders_count: 1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'customer_id']).doNothing())
    .returning('customer_id')
    .executeTakeFirst();
  if (inserted) return true;
  await trx
    .updateTable('company_customers')
    .set({ orders_count: sql<number>`orders_count + 1`, name, ...(email ? { email } : {}), updated_at: now })
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .execute();
  return false;
}

/** One order less; true when it was the customer's last in the company (they leave its list). */
async function removeCompanyCustomer(trx: Executor, companyId: number, customerId: number): Promise<boolean> {
  await trx.updateTable('company_customers').set({ orders_count: sql<number>`orders_count - 1` }).where('company_id', '=', companyId).where('customer_id', '=', customerId).execute();
  const gone = await trx.deleteFrom('company_customers').where('company_id', '=', companyId).where('customer_id', '=', customerId).where('orders_count', '<=', 0).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/**
 * Creates an order from the new-order payload: the customer by phone (shared across companies),
 * the customer's details for this order, a line per SKU (copying name, SKU, price and currency),
 * stock taken, automatic discounts, totals, the company's default shipping cost, the counts and the
 * history, all in one transaction. Unknown SKUs, another company's products, a parent with
 * variations, bad quantities and a source not of the company are 422 per field.
 */
export async function createOrder(ctx: ServiceContext, input: NewOrder): Promise<number> {
  const problems = new FieldProblems();
  const wanted: { sku: string; quantity: number }[] = [];
  for (const [sku, raw] of Object.entries(input.products)) {
    const q = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    if (typeof q !== 'number' || !Number.isInteger(q)) problems.add(`products.${sku}`, 'whole_number');
    else if (q < 1) problems.add(`products.${sku}`, 'min', { min: 1 });
    else if (q > MAX_LINE_QUANTITY) problems.add(`products.${sku}`, 'quantity_too_large');
    else wanted.push({ sku, quantity: q });
  }
  return ctx.db.transaction(async (trx) => {
    const source = await trx.selectFrom('sources').select('id').where('id', '=', input.source).where('company_id', '=', ctx.companyId).executeTakeFirst();
    if (!source) problems.add('source', 'invalid_source');
    const skus = wanted.map((w) => w.sku);
    const products = skus.length ? await trx.selectFrom('products').selectAll().where('company_id', '=', ctx.companyId).where('sku', 'in', skus).execute() : [];
    const bySku = new Map(products.map((p) => [p.sku, p]));
    const parentsWithChildren = products.length
      ? new Set((await trx.selectFrom('products').select('parent_id').where('parent_id', 'in', products.map((p) => p.id)).execute()).map((r) => r.parent_id))
      : new Set();
    for (const w of wanted) {
      const p = bySku.get(w.sku);
      if (!p) problems.add(`products.${w.sku}`, 'unknown_sku', { sku: w.sku });
      else if (parentsWithChildren.has(p.id)) problems.add(`products.${w.sku}`, 'sku_has_variations', { sku: w.sku });
    }
    problems.throwIfAny();

    const company = await trx.selectFrom('companies').select('shipping_cost').where('id', '=', ctx.companyId).executeTakeFirstOrThrow();
    const customerId = await customerFor(trx, input.phone_number, ctx.now);
    const order = await trx
      .insertInto('orders')
      .values({
        company_id: ctx.companyId,
        customer_id: customerId,
        source_id: input.source,
        status: 'new',
        courier: null,
        courier_status: null,
        awb: null,
        bill_number: null,
        value: 0,
        discount: 0,
        shipping_cost: Number(company.shipping_cost),
        client_shipping_cost: Number(company.shipping_cost),
        total_value: Number(company.shipping_cost),
        observations: null,
        details: input.details ?? null,
        coupon_code: null,
        created_by: ctx.userId || null,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_customer_details')
      .values({
        order_id: order.id,
        company_id: ctx.companyId,
        name: input.name,
        email: input.email ?? null,
        county: input.county,
        county_id: input.county_id ?? null,
        city: input.city,
        city_id: input.city_id ?? null,
        street: input.street,
        street_id: input.street_id ?? null,
        street_number: input.number,
        zip_code: input.zip_code ?? null,
        address: `${input.street} ${input.number}`,
        company_name: null,
        vat_number: null,
        company_address: null,
        company_city: null,
        company_county: null,
      })
      .execute();
    for (const w of wanted) {
      const p = bySku.get(w.sku)!;
      await trx
        .insertInto('order_products')
        .values({ order_id: order.id, product_id: p.id, name: p.name, sku: p.sku, price: Number(p.selling_price ?? 0), currency: p.currency, quantity: w.quantity, created_at: ctx.now, updated_at: ctx.now })
        .execute();
    }
    await moveStocks(trx, wanted.map((w) => ({ productId: bySku.get(w.sku)!.id, delta: lineStockChange(0, w.quantity, 'new') })));
    const firstOrder = await addCompanyCustomer(trx, ctx.companyId, customerId, input.name, input.email ?? null, ctx.now);
    await bumpCounts(trx, ctx.companyId, [['orders', '', 1], ['orders', 'new', 1], ['customers', '', firstOrder ? 1 : 0]]);
    await record(trx, ctx, order.id, 'created', { lines: wanted.map((w) => ({ sku: w.sku, quantity: w.quantity })) });
    await settle(trx, ctx, order);
    return order.id;
  });
}

// ---- order fields, delete ---------------------------------------------------------------------

export async function updateOrderFields(ctx: ServiceContext, id: number, input: { observations?: string | null; details?: string | null }): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, id);
    const set: { observations?: string | null; details?: string | null } = {};
    for (const field of ['observations', 'details'] as const) {
      if (input[field] === undefined || input[field] === order[field]) continue;
      set[field] = input[field];
      await record(trx, ctx, id, `${field}_changed`, { from: order[field], to: input[field] });
    }
    if (Object.keys(set).length) await trx.updateTable('orders').set({ ...set, updated_at: ctx.now }).where('id', '=', id).execute();
  });
}

/**
 * The order's AWB create in flight or not yet settled with the courier (the shipping module): while
 * one exists an AWB may exist, so the order can be neither cancelled nor deleted.
 */
async function refuseWhileAwbUnsettled(trx: Executor, orderId: number): Promise<void> {
  const shipment = await activeShipment(trx, orderId);
  if (shipment && isUnsettled(shipment)) throw new HttpError(409, 'order_awb_unsettled');
}

/** The contents rule of core (contentsLock) on the order's row and its documents in flight: 409 with its reason. */
async function refuseContentChanges(trx: Executor, order: OrderRow): Promise<void> {
  const shipment = await activeShipment(trx, order.id);
  const lock = contentsLock({
    bill_number: order.bill_number,
    awb: order.awb,
    invoice_state: inFlight(await documentsOfOrder(trx, order.id), 'invoice') ? 'pending' : null,
    awb_state: shipment && isUnsettled(shipment) ? 'pending' : null,
  });
  if (lock) throw new HttpError(409, lock);
}

/**
 * Deletes the order with its lines, discounts and history; stock comes back unless it was
 * cancelled. Refused (409) while it has an AWB or one is being created: the parcel exists at the
 * courier and would be left without its order.
 */
export async function deleteOrder(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, id);
    if (order.awb) throw new HttpError(409, 'order_delete_has_awb');
    await refuseWhileAwbUnsettled(trx, id);
    // An invoice (or a create or storno in flight) is a tax document of this order: it stays with it.
    // A cancelled or deleted invoice does not hold the order.
    if ((await documentsOfOrder(trx, id)).some((d) => HOLDING_STATES.includes(d.state as DocumentState))) throw new HttpError(409, 'order_delete_has_invoice');
    const lines = await trx.selectFrom('order_products').select(['product_id', 'quantity']).where('order_id', '=', id).execute();
    await moveStocks(trx, lines.map((l) => ({ productId: l.product_id, delta: deleteStockChange(order.status, l.quantity) })));
    // Explicit rather than left to the cascades alone.
    await trx.deleteFrom('applied_discounts').where('order_id', '=', id).execute();
    await trx.deleteFrom('order_products').where('order_id', '=', id).execute();
    await trx.deleteFrom('order_events').where('order_id', '=', id).execute();
    await trx.deleteFrom('shipments').where('order_id', '=', id).execute();
    await trx.deleteFrom('order_customer_details').where('order_id', '=', id).execute();
    await trx.deleteFrom('orders').where('id', '=', id).execute();
    const lastOrder = await removeCompanyCustomer(trx, ctx.companyId, order.customer_id);
    await bumpCounts(trx, ctx.companyId, [['orders', '', -1], ['orders', order.status, -1], ['customers', '', lastOrder ? -1 : 0]]);
  });
}

// ---- lines ------------------------------------------------------------------------------------

/** Adds a product to the order, or adds to the existing line of that product. */
export async function addLine(ctx: ServiceContext, orderId: number, productId: number, quantity: number): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    await refuseContentChanges(trx, order);
    const product = await trx.selectFrom('products').selectAll().where('id', '=', productId).where('company_id', '=', ctx.companyId).executeTakeFirst();
    if (!product) throw notFound();
    const child = await trx.selectFrom('products').select('id').where('parent_id', '=', productId).limit(1).executeTakeFirst();
    if (child) throw FieldProblems.one('product_id', 'sku_has_variations', { sku: product.sku });
    const existing = await trx.selectFrom('order_products').selectAll().where('order_id', '=', orderId).where('product_id', '=', productId).orderBy('id').executeTakeFirst();
    let lineId: number;
    if (existing) {
      const to = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY);
      await trx.updateTable('order_products').set({ quantity: to, updated_at: ctx.now }).where('id', '=', existing.id).execute();
      await moveStock(trx, productId, lineStockChange(existing.quantity, to, order.status));
      await record(trx, ctx, orderId, 'line_changed', { sku: existing.sku, name: existing.name, from: existing.quantity, to });
      lineId = existing.id;
    } else {
      const row = await trx
        .insertInto('order_products')
        .values({ order_id: orderId, product_id: productId, name: product.name, sku: product.sku, price: Number(product.selling_price ?? 0), currency: product.currency, quantity, created_at: ctx.now, updated_at: ctx.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await moveStock(trx, productId, lineStockChange(0, quantity, order.status));
      await record(trx, ctx, orderId, 'line_added', { sku: product.sku, name: product.name, quantity });
      lineId = row.id;
    }
    await settle(trx, ctx, order);
    return lineId;
  });
}

/** The line of an order of the company, its order locked (404 otherwise). */
async function lockLine(trx: Trx, ctx: ServiceContext, lineId: number) {
  const ref = await trx.selectFrom('order_products').select('order_id').where('id', '=', lineId).executeTakeFirst();
  if (!ref) throw notFound();
  const order = await lockOrder(trx, ctx, ref.order_id);
  await refuseContentChanges(trx, order);
  // Read again under the order's lock: a concurrent change has committed by now.
  const line = await trx.selectFrom('order_products').selectAll().where('id', '=', lineId).executeTakeFirst();
  if (!line) throw notFound();
  return { order, line };
}

/** Sets a line's quantity; 0 or less removes the line. Returns the order id. */
export async function setLineQuantity(ctx: ServiceContext, lineId: number, quantity: number): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const { order, line } = await lockLine(trx, ctx, lineId);
    if (quantity <= 0) {
      await removeLine(trx, ctx, order, line);
    } else if (quantity !== line.quantity) {
      await trx.updateTable('order_products').set({ quantity, updated_at: ctx.now }).where('id', '=', lineId).execute();
      await moveStock(trx, line.product_id, lineStockChange(line.quantity, quantity, order.status));
      await record(trx, ctx, order.id, 'line_changed', { sku: line.sku, name: line.name, from: line.quantity, to: quantity });
    }
    await settle(trx, ctx, order);
    return order.id;
  });
}

export async function deleteLine(ctx: ServiceContext, lineId: number): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const { order, line } = await lockLine(trx, ctx, lineId);
    await removeLine(trx, ctx, order, line);
    await settle(trx, ctx, order);
    return order.id;
  });
}

async function removeLine(trx: Trx, ctx: ServiceContext, order: OrderRow, line: { id: number; product_id: number | null; quantity: number; sku: string; name: string }): Promise<void> {
  await trx.deleteFrom('applied_discounts').where('order_product_id', '=', line.id).execute();
  await trx.deleteFrom('order_products').where('id', '=', line.id).execute();
  await moveStock(trx, line.product_id, lineStockChange(line.quantity, 0, order.status));
  await record(trx, ctx, order.id, 'line_removed', { sku: line.sku, name: line.name, quantity: line.quantity });
}

// ---- applied discounts ------------------------------------------------------------------------

type NewDiscount = z.output<typeof addDiscountBody>;

export async function addDiscount(ctx: ServiceContext, orderId: number, input: NewDiscount): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    await refuseContentChanges(trx, order);
    let sku: string | undefined;
    if (input.order_product_id !== null) {
      const line = await trx.selectFrom('order_products').select(['id', 'sku']).where('id', '=', input.order_product_id).where('order_id', '=', orderId).executeTakeFirst();
      if (!line) throw FieldProblems.one('order_product_id', 'line_not_in_order');
      sku = line.sku;
    }
    const row = await trx
      .insertInto('applied_discounts')
      .values({ order_id: orderId, order_product_id: input.order_product_id, kind: 'manual', type: input.type, value: input.value, quantity: null, coupon: null, rule_id: null, amount: 0, created_at: ctx.now, updated_at: ctx.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(trx, ctx, orderId, 'discount_added', { kind: 'manual', type: input.type, value: shownValue(input.type, input.value), ...(sku ? { sku } : {}) });
    await settle(trx, ctx, order);
    return row.id;
  });
}

async function lockDiscount(trx: Trx, ctx: ServiceContext, id: number) {
  const ref = await trx.selectFrom('applied_discounts').select('order_id').where('id', '=', id).executeTakeFirst();
  if (!ref) throw notFound();
  const order = await lockOrder(trx, ctx, ref.order_id);
  await refuseContentChanges(trx, order);
  const discount = await trx.selectFrom('applied_discounts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!discount) throw notFound();
  return { order, discount };
}

/**
 * Changes a discount's value. An automatic discount changed by hand becomes a manual one (so the
 * next re-evaluation does not put the rule's value back). A free-shipping discount has no value.
 */
export async function updateDiscount(ctx: ServiceContext, id: number, value: number): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const { order, discount } = await lockDiscount(trx, ctx, id);
    if (discount.type === 'shipping') throw FieldProblems.one('value', 'discount_type');
    if (discount.type === 'percentage' && value > 100_00) throw FieldProblems.one('value', 'percent_max');
    await trx.updateTable('applied_discounts').set({ value, kind: discount.kind === 'coupon' ? 'coupon' : 'manual', updated_at: ctx.now }).where('id', '=', id).execute();
    await record(trx, ctx, order.id, 'discount_changed', { type: discount.type, from: shownValue(discount.type, discount.value), to: shownValue(discount.type, value) });
    await settle(trx, ctx, order);
    return order.id;
  });
}

export async function deleteDiscount(ctx: ServiceContext, id: number): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const { order, discount } = await lockDiscount(trx, ctx, id);
    await trx.deleteFrom('applied_discounts').where('id', '=', id).execute();
    await record(trx, ctx, order.id, 'discount_removed', { kind: discount.kind, type: discount.type, value: shownValue(discount.type, discount.value) });
    // Recompute only: an automatic discount removed by hand would come straight back from settle's
    // re-evaluation, so totals are stored without re-matching here.
    await storeTotals(trx, ctx, order);
    return order.id;
  });
}

/** Totals from the lines and discounts as they are (no re-evaluation of the automatic ones). */
async function storeTotals(trx: Trx, ctx: ServiceContext, order: OrderRow): Promise<void> {
  const lines = await trx.selectFrom('order_products').select(['id', 'price', 'quantity']).where('order_id', '=', order.id).execute();
  const discounts = await trx.selectFrom('applied_discounts').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const totals = computeTotals(
    lines.map((l) => ({ id: l.id, price: Number(l.price), quantity: l.quantity })),
    discounts.map((d) => ({ type: d.type as AppliedDiscountType, value: d.value === null ? null : Number(d.value), order_product_id: d.order_product_id })),
    Number(order.shipping_cost),
  );
  for (const [i, d] of discounts.entries()) {
    if (Number(d.amount) !== totals.discountAmounts[i]) await trx.updateTable('applied_discounts').set({ amount: totals.discountAmounts[i] }).where('id', '=', d.id).execute();
  }
  await trx.updateTable('orders').set({ value: totals.value, discount: totals.discount, client_shipping_cost: totals.client_shipping_cost, total_value: totals.total_value, updated_at: ctx.now }).where('id', '=', order.id).execute();
}

// ---- customer details -------------------------------------------------------------------------

type DetailInput = z.output<typeof customerDetailBody>;

/** Stores only the fields sent; the history keeps each change (from, to). */
export async function updateCustomerDetail(ctx: ServiceContext, orderId: number, input: DetailInput): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    const current = await trx.selectFrom('order_customer_details').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const set: Record<string, string | null> = {};
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    for (const [field, value] of Object.entries(input) as [keyof DetailInput, string | null | undefined][]) {
      if (value === undefined || current[field] === value) continue;
      set[field] = value;
      changes[field] = { from: current[field], to: value };
    }
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('order_customer_details').set(set).where('order_id', '=', orderId).execute();
    if (set.name !== undefined || set.email !== undefined) {
      await trx
        .updateTable('company_customers')
        .set({ ...(set.name ? { name: set.name } : {}), ...(set.email !== undefined ? { email: set.email } : {}), updated_at: ctx.now })
        .where('company_id', '=', ctx.companyId)
        .where('customer_id', '=', order.customer_id)
        .execute();
    }
    await trx.updateTable('orders').set({ updated_at: ctx.now }).where('id', '=', orderId).execute();
    await record(trx, ctx, orderId, 'customer_detail_changed', { changes });
  });
}

// ---- cancel / restore -------------------------------------------------------------------------

async function changeStatus(ctx: ServiceContext, id: number, to: 'cancelled' | 'new'): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, id);
    const refusal = to === 'cancelled' ? cancelRefusal(order) : restoreRefusal(order);
    if (refusal) throw new HttpError(409, refusal);
    if (to === 'cancelled') await refuseWhileAwbUnsettled(trx, id);
    const lines = await trx.selectFrom('order_products').select(['product_id', 'quantity']).where('order_id', '=', id).execute();
    await moveStocks(trx, lines.map((l) => ({ productId: l.product_id, delta: statusStockChange(order.status, to, l.quantity) })));
    await trx.updateTable('orders').set({ status: to, updated_at: ctx.now }).where('id', '=', id).execute();
    // The whole list's count stays; only the tabs change.
    await bumpCounts(trx, ctx.companyId, [['orders', order.status, -1], ['orders', to, 1]]);
    await record(trx, ctx, id, to === 'cancelled' ? 'cancelled' : 'restored', { from: order.status, to });
  });
}

export const cancelOrder = (ctx: ServiceContext, id: number) => changeStatus(ctx, id, 'cancelled');
export const restoreOrder = (ctx: ServiceContext, id: number) => changeStatus(ctx, id, 'new');

// ---- customers: phone, flag -------------------------------------------------------------------

async function companyCustomer(trx: Executor, ctx: ServiceContext, customerId: number) {
  const row = await trx.selectFrom('company_customers').select('customer_id').where('company_id', '=', ctx.companyId).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw notFound();
}

/** The order of this company the change is noted on: the one named, else the customer's latest. */
async function orderForHistory(trx: Executor, ctx: ServiceContext, customerId: number, orderId?: number): Promise<number | undefined> {
  let q = trx.selectFrom('orders').select('id').where('company_id', '=', ctx.companyId).where('customer_id', '=', customerId);
  if (orderId !== undefined) q = q.where('id', '=', orderId);
  const row = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

/** Changes a customer's phone (their identity, shared across companies); 409 when another customer has the number. */
export async function changeCustomerPhone(ctx: ServiceContext, customerId: number, phone: string, orderId?: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await companyCustomer(trx, ctx, customerId);
    const customer = await forUpdate(trx, trx.selectFrom('customers').selectAll().where('id', '=', customerId)).executeTakeFirstOrThrow();
    if (customer.phone_number === phone) return;
    const other = await trx.selectFrom('customers').select('id').where('phone_number', '=', phone).executeTakeFirst();
    if (other) throw new HttpError(409, 'phone_taken');
    try {
      await trx.updateTable('customers').set({ phone_number: phone, updated_at: ctx.now }).where('id', '=', customerId).execute();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw new HttpError(409, 'phone_taken');
      throw err;
    }
    const noteOn = await orderForHistory(trx, ctx, customerId, orderId);
    if (noteOn) await record(trx, ctx, noteOn, 'phone_changed', { from: customer.phone_number, to: phone });
  });
}

/** A flag by the current company (409 when it already flagged this customer), noted in the order's history. */
export async function flagCustomer(ctx: ServiceContext, customerId: number, reason: string, orderId?: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await companyCustomer(trx, ctx, customerId);
    const inserted = await trx
      .insertInto('flags')
      .values({ customer_id: customerId, company_id: ctx.companyId, reason, created_at: ctx.now })
      .onConflict((oc) => oc.columns(['customer_id', 'company_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new HttpError(409, 'already_flagged');
    const noteOn = await orderForHistory(trx, ctx, customerId, orderId);
    if (noteOn) await record(trx, ctx, noteOn, 'flagged', { reason });
  });
}

// ---- delivery (AWB tracking) ------------------------------------------------------------------

/** The statuses a delivered parcel completes; a storno or partial storno (and a completed order) stays as it is. */
const COMPLETED_BY_DELIVERY = ['new', 'processing'];

/**
 * The courier delivered the order's parcel: a new or processing order becomes completed, with a
 * `status_changed` event. Runs in the caller's transaction, which already holds the order's row
 * (it has just written its courier status). Both statuses hold stock: nothing moves. Answers
 * whether the status changed.
 */
export async function completeDeliveredOrder(trx: Executor, ctx: ServiceContext, orderId: number): Promise<boolean> {
  const order = await forUpdate(trx, trx.selectFrom('orders').select(['id', 'status']).where('id', '=', orderId).where('company_id', '=', ctx.companyId)).executeTakeFirst();
  if (!order || !COMPLETED_BY_DELIVERY.includes(order.status)) return false;
  await trx.updateTable('orders').set({ status: 'completed', updated_at: ctx.now }).where('id', '=', orderId).execute();
  await bumpCounts(trx, ctx.companyId, [['orders', order.status, -1], ['orders', 'completed', 1]]);
  await record(trx, ctx, orderId, 'status_changed', { from: order.status, to: 'completed' });
  return true;
}
