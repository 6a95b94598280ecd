import { customerDetailBody, newOrderBody, orderUpdateBody, type Order } from '../../../core/api/orders.js';
import { awbBody, awbResolveBody } from '../../../core/api/shipping.js';
import { addressLine, MAX_LINE_QUANTITY, type PaymentMethod } from '../../../core/api/orders.js';
import { fromBani } from '../../../core/money.js';
import { matchOrderDiscount, matchProductDiscount } from '../../../core/orders/discountMatching.js';
import { cancelRefusal, contentsLock, restoreRefusal } from '../../../core/orders/eligibility.js';
import { deleteStockChange, lineStockChange, statusStockChange } from '../../../core/orders/stock.js';
import { computeTotals, type AppliedDiscountType } from '../../../core/orders/totals.js';
import { convertUnitPrice, ORDER_CURRENCY } from '../../../core/orders/currency.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import type { JsonText } from '../../http/jsonText.js';
import { companyShippingCost } from '../companies/index.js';
import { customerForNewOrder, customerLostOrder, renameCompanyCustomer } from '../customers/index.js';
import { orderDiscountRules, productDiscountRules } from '../discounts/index.js';
import { rateFor } from '../exchange-rates/index.js';
import { invoiceDeleteRefusal, invoiceInFlight } from '../invoices/index.js';
import {
  insertOrder,
  lockOrder,
  orderOf,
  recordEvent,
  removeOrder,
  requireStatusChange,
  storeTotals,
  touchOrder,
  updateNotes,
  setPaymentMethod,
  type OrderRow,
} from '../order-lifecycle/index.js';
import { companyProductsBySku, moveStocks, productsWithVariations } from '../products/index.js';
import type { TextAddress } from '../geo/index.js';
import { resolveTextAddress } from './addressCheck.js';
import { findCompanySource } from '../sources/index.js';
import { awbUnsettled, createAwb, deleteShipmentsOfOrder, resolveAwb } from '../shipping/index.js';
import {
  awbPartiesOf,
  customerDetailOf,
  findOrder,
  deleteDiscountRow,
  deleteOrderContents,
  discountsOfOrder,
  dismissedDiscountsOf,
  insertCustomerDetail,
  insertDiscount,
  insertLine,
  linesOfOrder,
  updateCustomerDetailRow,
  updateDiscountRow,
  type AppliedDiscountRow,
  type LineRow,
} from './queries.js';

/**
 * An order's contents (lines, discounts, customer details), its creation, cancel, restore and
 * delete. The order's row itself (status, totals, notes, counts, history) is written through the
 * order lifecycle; stock moves through the products module; the customer through customers.
 */

/** How a discount value reads in the history: RON for amounts, a percent for percentages. */
export const shownValue = (type: string, value: number | null) =>
  value === null ? null : type === 'percentage' ? Number(value) / 100 : fromBani(Number(value));

/** The totals of the order's lines and discounts as they are, each discount's amount stored, then the order's. */
export async function storeOrderTotals(
  trx: Executor,
  ctx: ServiceContext,
  order: OrderRow,
  lines: Pick<LineRow, 'id' | 'price' | 'quantity'>[],
  discounts: AppliedDiscountRow[],
): Promise<void> {
  const totals = computeTotals(
    lines.map((l) => ({ id: l.id, price: Number(l.price), quantity: l.quantity })),
    discounts.map((d) => ({
      type: d.type as AppliedDiscountType,
      value: d.value === null ? null : Number(d.value),
      order_product_id: d.order_product_id,
    })),
    Number(order.shipping_cost),
  );
  for (const [i, d] of discounts.entries()) {
    if (Number(d.amount) !== totals.discountAmounts[i])
      await updateDiscountRow(trx, d.id, { amount: totals.discountAmounts[i] });
  }
  await storeTotals(trx, ctx, order.id, totals);
}

/** An automatic discount as the history tells it: its type and its value as shown. */
export const discountShown = (type: string, value: number | null) =>
  type === 'shipping' ? { type } : { type, value: shownValue(type, value) };

/**
 * Re-evaluates the automatic discounts and stores the totals. Each line gets the product discount
 * worth most on it of those its quantity reaches; the order gets the order discount of its source
 * worth most of those its value reaches (core's discountMatching). Discounts added by hand stay.
 * A place where the seller edited or deleted the automatic discount (dismissed_discounts) gets none
 * again: the seller's choice stands over the rules for that order, so an edited discount is never
 * doubled by the rule it came from and a deleted one does not come back on the next line change.
 * Each place a discount applies (the order, each line) holds one automatic discount, and its
 * history tells what happened there once: added, removed, or changed from one rule to another
 * (one `automatic_discount_changed` entry, the row kept); nothing when the winner is the same.
 */
export async function settle(trx: Executor, ctx: ServiceContext, order: OrderRow): Promise<void> {
  const lines = await linesOfOrder(trx, order.id);
  let discounts = await discountsOfOrder(trx, order.id);
  const productIds = [...new Set(lines.map((l) => l.product_id).filter((p): p is number => p !== null))];
  const productRules = await productDiscountRules(trx, order.company_id, productIds);
  const orderRules = await orderDiscountRules(trx, order.company_id, order.source_id);
  const dismissed = await dismissedDiscountsOf(trx, order.id);
  const shippingCost = Number(order.shipping_cost);
  const norm = <T extends { value: number | null }>(r: T) => ({
    ...r,
    value: r.value === null ? null : Number(r.value),
  });

  interface Wanted {
    kind: 'product' | 'order';
    lineId: number | null;
    rule: { id: number; type: string; value: number | null };
    quantity: number | null;
    sku?: string;
  }
  const wanted: Wanted[] = [];
  const isDismissed = (kind: Wanted['kind'], lineId: number | null) =>
    dismissed.some((d) => d.kind === kind && d.order_product_id === lineId);
  for (const l of lines) {
    if (isDismissed('product', l.id)) continue;
    const rule = matchProductDiscount(
      productRules.map(norm),
      l.product_id,
      l.quantity,
      Number(l.price) * l.quantity,
      shippingCost,
    );
    if (rule) wanted.push({ kind: 'product', lineId: l.id, rule, quantity: rule.quantity, sku: l.sku });
  }
  const orderValue = lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0);
  const orderRule = matchOrderDiscount(
    orderRules.map((r) => ({ ...norm(r), order_value: Number(r.order_value) })),
    order.source_id,
    orderValue,
    shippingCost,
  );
  if (orderRule && !isDismissed('order', null))
    wanted.push({ kind: 'order', lineId: null, rule: orderRule, quantity: null });

  const automatic = discounts.filter((d) => d.kind === 'product' || d.kind === 'order');
  const slot = (kind: string, lineId: number | null) => `${kind}:${lineId ?? ''}`;
  const same = (d: AppliedDiscountRow, w: Wanted) =>
    d.rule_id === w.rule.id &&
    d.type === w.rule.type &&
    (d.value === null ? null : Number(d.value)) === w.rule.value &&
    d.quantity === w.quantity;
  const storedValue = (w: Wanted) => (w.rule.type === 'shipping' ? null : w.rule.value);
  const lineSku = (lineId: number | null) => lines.find((l) => l.id === lineId)?.sku;
  const wantedBySlot = new Map(wanted.map((w) => [slot(w.kind, w.lineId), w]));
  const kept = new Set<string>();
  let changed = false;

  for (const d of automatic) {
    const key = slot(d.kind, d.order_product_id);
    const w = kept.has(key) ? undefined : wantedBySlot.get(key);
    if (w && same(d, w)) {
      kept.add(key);
      continue;
    }
    changed = true;
    if (w) {
      // Another rule now wins here: the row takes it, and the history says so once.
      kept.add(key);
      await updateDiscountRow(trx, d.id, {
        type: w.rule.type,
        value: storedValue(w),
        quantity: w.quantity,
        rule_id: w.rule.id,
        updated_at: ctx.now,
      });
      const sku = lineSku(d.order_product_id);
      await recordEvent(trx, ctx, order.id, 'automatic_discount_changed', {
        kind: d.kind,
        from: discountShown(d.type, d.value === null ? null : Number(d.value)),
        to: discountShown(w.rule.type, w.rule.value),
        automatic: true,
        ...(sku ? { sku } : {}),
      });
      continue;
    }
    await deleteDiscountRow(trx, d.id);
    await recordEvent(
      trx,
      ctx,
      order.id,
      d.type === 'shipping' ? 'free_shipping' : 'discount_removed',
      d.type === 'shipping'
        ? { applied: false }
        : { kind: d.kind, type: d.type, value: shownValue(d.type, d.value), automatic: true },
    );
  }
  for (const w of wanted) {
    if (kept.has(slot(w.kind, w.lineId))) continue;
    changed = true;
    await insertDiscount(trx, {
      order_id: order.id,
      order_product_id: w.lineId,
      kind: w.kind,
      type: w.rule.type,
      value: storedValue(w),
      quantity: w.quantity,
      coupon: null,
      rule_id: w.rule.id,
      amount: 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await recordEvent(
      trx,
      ctx,
      order.id,
      w.rule.type === 'shipping' ? 'free_shipping' : 'discount_added',
      w.rule.type === 'shipping'
        ? { applied: true }
        : {
            kind: w.kind,
            type: w.rule.type,
            value: shownValue(w.rule.type, w.rule.value),
            automatic: true,
            ...(w.sku ? { sku: w.sku } : {}),
          },
    );
  }
  if (changed) discounts = await discountsOfOrder(trx, order.id);
  await storeOrderTotals(trx, ctx, order, lines, discounts);
}

// ---- a line's price -----------------------------------------------------------------------------

/** What a new line stores of its price: in the order's currency, with the conversion when there was one. */
export interface LinePrice {
  price: number;
  currency: string;
  original_currency: string | null;
  original_price: number | null;
  exchange_rate: number | null;
  rate_date: string | null;
  rate_source: string | null;
}

/**
 * The price of a new line of `product`: its own in the order's currency; else converted at the
 * rate of the moment (BNR's, else the company's), kept on the line so that the line never changes
 * when rates move. No rate known: undefined (the caller answers 422 on its field).
 */
export async function linePrice(
  trx: Executor,
  ctx: ServiceContext,
  product: { currency: string; selling_price: number | null },
): Promise<LinePrice | undefined> {
  const own = Number(product.selling_price ?? 0);
  if (product.currency === ORDER_CURRENCY)
    return {
      price: own,
      currency: ORDER_CURRENCY,
      original_currency: null,
      original_price: null,
      exchange_rate: null,
      rate_date: null,
      rate_source: null,
    };
  const rate = await rateFor(trx, ctx.companyId, product.currency, ctx.now);
  if (!rate) return undefined;
  return {
    price: convertUnitPrice(own, rate.rate),
    currency: ORDER_CURRENCY,
    original_currency: product.currency,
    original_price: own,
    exchange_rate: rate.rate,
    rate_date: rate.date,
    rate_source: rate.source,
  };
}

// ---- the address's ids and postal code ------------------------------------------------------------

/** The address data's ids and postal code an order's customer details keep beside the names. */
interface AddressIds {
  county_id: number | null;
  city_id: number | null;
  street_id: number | null;
  zip_code: string | null;
  /** Null, or why the address is to check (orders.address_check), as for an order that arrives by itself. */
  check: string | null;
}

/**
 * The ids and postal code of an order's address. A postal code sent (the form's, from the address
 * picker) is kept as sent, with the ids sent: a person chose it. Without one (an order sent
 * through the API with the specification's payload: county, city, street and number as text), the
 * address is read as an order that arrives by itself is (resolveTextAddress, the ids sent as its
 * start): the code and the ids when it names one street for certain; otherwise the code only when
 * every place it could mean has the same one (never a wrong code on a parcel) and the order is "to check", so a
 * bulk AWB skips it with the reason until the seller corrects or confirms the address.
 */
function addressIdsOf(
  a: TextAddress & { county: string; city: string; street: string; number: string; zip_code?: string | null },
): AddressIds {
  const sent = { county_id: a.county_id ?? null, city_id: a.city_id ?? null, street_id: a.street_id ?? null };
  if (a.zip_code) return { ...sent, zip_code: a.zip_code, check: null };
  const r = resolveTextAddress(a);
  return {
    county_id: sent.county_id ?? r.county_id,
    city_id: sent.city_id ?? r.city_id,
    street_id: sent.street_id ?? r.street_id,
    zip_code: r.zip_code,
    check: r.check,
  };
}

// ---- create -----------------------------------------------------------------------------------

/**
 * A new order's row as the form and the intake both begin it: new, nothing shipped or invoiced,
 * worth its shipping cost until its lines are added (settle then sets value, discount and total).
 */
export function newOrderValues(
  ctx: ServiceContext,
  o: {
    customerId: number;
    sourceId: number;
    shippingCost: number;
    details: string | null;
    paymentMethod: PaymentMethod;
    addressCheck: string | null;
    externalId?: string;
  },
) {
  return {
    customer_id: o.customerId,
    source_id: o.sourceId,
    status: 'new' as const,
    courier: null,
    courier_status: null,
    awb: null,
    bill_number: null,
    value: 0,
    discount: 0,
    shipping_cost: o.shippingCost,
    client_shipping_cost: o.shippingCost,
    total_value: o.shippingCost,
    observations: null,
    details: o.details,
    coupon_code: null,
    payment_method: o.paymentMethod,
    created_by: ctx.userId || null,
    address_check: o.addressCheck,
    ...(o.externalId === undefined ? {} : { external_id: o.externalId }),
  };
}
/**
 * Creates an order from the new-order payload: the customer by phone (shared across companies),
 * the customer's details for this order, a line per SKU (copying name, SKU, price and currency),
 * stock taken, automatic discounts, totals, the company's default shipping cost, the counts and the
 * history, all in one transaction. Unknown SKUs, another company's products, a parent with
 * variations, bad quantities and a source not of the company are 422 per field.
 */
export async function createOrder(ctx: ServiceContext, body: unknown): Promise<number> {
  const input = parse(newOrderBody, body);
  const problems = new FieldProblems();
  const wanted: { sku: string; quantity: number }[] = [];
  for (const [sku, raw] of Object.entries(input.products)) {
    const q = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    if (typeof q !== 'number' || !Number.isInteger(q)) problems.add(`products.${sku}`, 'whole_number');
    else if (q < 1) problems.add(`products.${sku}`, 'min', { min: 1 });
    else if (q > MAX_LINE_QUANTITY) problems.add(`products.${sku}`, 'quantity_too_large');
    else wanted.push({ sku, quantity: q });
  }
  const place = addressIdsOf(input);
  return ctx.db.transaction(async (trx) => {
    if ((await findCompanySource(trx, ctx.companyId, { id: input.source })) === undefined)
      problems.add('source', 'invalid_source');
    const products = await companyProductsBySku(
      trx,
      ctx.companyId,
      wanted.map((w) => w.sku),
    );
    const bySku = new Map(products.map((p) => [p.sku, p]));
    const withVariations = await productsWithVariations(
      trx,
      products.map((p) => p.id),
    );
    const prices = new Map<string, LinePrice>();
    for (const w of wanted) {
      const p = bySku.get(w.sku);
      if (!p) problems.add(`products.${w.sku}`, 'unknown_sku', { sku: w.sku });
      else if (withVariations.has(p.id)) problems.add(`products.${w.sku}`, 'sku_has_variations', { sku: w.sku });
      else {
        const price = await linePrice(trx, ctx, p);
        if (price) prices.set(w.sku, price);
        else problems.add(`products.${w.sku}`, 'no_exchange_rate', { sku: w.sku, currency: p.currency });
      }
    }
    problems.throwIfAny();

    // Stock before the customer and the counts: the order every write takes its locks in (a
    // delete, cancel or restore moves stock before it touches them), so PostgreSQL never
    // deadlocks a new order against them.
    await moveStocks(
      trx,
      wanted.map((w) => ({ productId: bySku.get(w.sku)!.id, delta: lineStockChange(0, w.quantity, 'new') })),
    );
    const shippingCost = await companyShippingCost(trx, ctx.companyId);
    const customerId = await customerForNewOrder(trx, ctx, {
      phone: input.phone_number,
      name: input.name,
      email: input.email ?? null,
    });
    const order = await insertOrder(
      trx,
      ctx,
      newOrderValues(ctx, {
        customerId,
        sourceId: input.source,
        shippingCost,
        details: input.details ?? null,
        paymentMethod: input.payment_method,
        addressCheck: place.check,
      }),
    );
    await insertCustomerDetail(trx, {
      order_id: order.id,
      company_id: ctx.companyId,
      name: input.name,
      email: input.email ?? null,
      county: input.county,
      county_id: place.county_id,
      city: input.city,
      city_id: place.city_id,
      street: input.street,
      street_id: place.street_id,
      street_number: input.number,
      zip_code: place.zip_code,
      address: addressLine(input),
      company_name: null,
      vat_number: null,
      company_address: null,
      company_city: null,
      company_county: null,
    });
    for (const w of wanted) {
      const p = bySku.get(w.sku)!;
      await insertLine(trx, {
        order_id: order.id,
        product_id: p.id,
        name: p.name,
        sku: p.sku,
        ...prices.get(w.sku)!,
        quantity: w.quantity,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    }
    await recordEvent(trx, ctx, order.id, 'created', {
      lines: wanted.map((w) => ({ sku: w.sku, quantity: w.quantity })),
    });
    await settle(trx, ctx, order);
    return order.id;
  });
}

// ---- order fields, delete ---------------------------------------------------------------------

/**
 * The order of the company (404), read before its body is parsed (422): another company's order is
 * a 404 whatever was sent, as it is for every caller.
 */
export const companyOrder = (ctx: ServiceContext, id: number) => orderOf(ctx.db.kysely, ctx, id);

/** The line or applied discount of an order of the company, or 404 (before its body is parsed). */
export async function companyRowOfOrder(ctx: ServiceContext, row: { order_id: number } | undefined): Promise<void> {
  if (!row) throw notFound();
  await companyOrder(ctx, row.order_id);
}

export async function updateOrderFields(ctx: ServiceContext, id: number, body: unknown): Promise<void> {
  await companyOrder(ctx, id);
  const input = parse(orderUpdateBody, body);
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, id);
    await updateNotes(trx, ctx, order, input);
    if (input.payment_method) await setPaymentMethod(trx, ctx, order, input.payment_method);
  });
}

/** While an AWB create is in flight or not yet settled with the courier, an AWB may exist: the order can be neither cancelled nor deleted. */
async function refuseWhileAwbUnsettled(trx: Executor, orderId: number): Promise<void> {
  if (await awbUnsettled(trx, orderId)) throw new HttpError(409, 'order_awb_unsettled');
}

/** The contents rule of core (contentsLock) on the order's row and its documents in flight: 409 with its reason. */
export async function refuseContentChanges(trx: Executor, order: OrderRow): Promise<void> {
  const lock = contentsLock({
    status: order.status,
    bill_number: order.bill_number,
    awb: order.awb,
    invoice_state: (await invoiceInFlight(trx, order.id)) ? 'pending' : null,
    awb_state: (await awbUnsettled(trx, order.id)) ? 'pending' : null,
  });
  if (lock) throw new HttpError(409, lock);
}

/**
 * Deletes the order with its lines, discounts and history; stock comes back unless it was
 * cancelled. Refused (409) while it has an AWB or one is being created (the parcel exists at the
 * courier and would be left without its order), and while it has an invoice or a fully reversed
 * one (a tax document stays with its order; a cancelled or deleted invoice does not).
 */
export async function deleteOrder(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, id);
    if (order.awb) throw new HttpError(409, 'order_delete_has_awb');
    await refuseWhileAwbUnsettled(trx, id);
    const invoiceRefusal = await invoiceDeleteRefusal(trx, id);
    if (invoiceRefusal) throw new HttpError(409, invoiceRefusal);
    const lines = await linesOfOrder(trx, id);
    await moveStocks(
      trx,
      lines.map((l) => ({ productId: l.product_id, delta: deleteStockChange(order.status, l.quantity) })),
    );
    await deleteOrderContents(trx, id);
    await deleteShipmentsOfOrder(trx, id);
    // The customer's count before the order's: every write touches the kept counts in one order (customers, then orders).
    await customerLostOrder(trx, ctx, order.customer_id);
    await removeOrder(trx, order);
  });
}

// ---- customer details -------------------------------------------------------------------------

/**
 * Stores only the fields sent; the history keeps each change (from, to). A changed county or city
 * is another place: the address data's ids and postal code are found again from the new names and
 * the order's street and number (addressIdsOf), the postal code's change kept in the history too.
 */
export async function updateCustomerDetail(ctx: ServiceContext, orderId: number, body: unknown): Promise<void> {
  await companyOrder(ctx, orderId);
  const input = parse(customerDetailBody, body);
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    const current = await customerDetailOf(trx, orderId);
    const set: Record<string, string | null> = {};
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    for (const [field, value] of Object.entries(input) as [keyof typeof input, string | null | undefined][]) {
      if (value === undefined || current[field] === value) continue;
      set[field] = value;
      changes[field] = { from: current[field], to: value };
    }
    if (Object.keys(set).length === 0) return;
    let place: Partial<Omit<AddressIds, 'check'>> = {};
    if (set.county !== undefined || set.city !== undefined) {
      // A person edits the order here: the ids and code follow the new place; whether the order is
      // to check is the seller's answer on the order (address-check), not changed by this edit.
      const { check: _check, ...found } = addressIdsOf({
        county: (set.county !== undefined ? set.county : current.county) ?? '',
        city: (set.city !== undefined ? set.city : current.city) ?? '',
        street: current.street ?? '',
        number: current.street_number ?? '',
      });
      place = found;
      if (place.zip_code !== current.zip_code)
        changes.zip_code = { from: current.zip_code, to: place.zip_code ?? null };
    }
    await updateCustomerDetailRow(trx, orderId, { ...set, ...place });
    if (set.name !== undefined || set.email !== undefined) {
      await renameCompanyCustomer(trx, ctx, order.customer_id, {
        ...(set.name ? { name: set.name } : {}),
        ...(set.email !== undefined ? { email: set.email } : {}),
      });
    }
    await touchOrder(trx, ctx, orderId);
    await recordEvent(trx, ctx, orderId, 'customer_detail_changed', { changes });
  });
}

// ---- cancel / restore -------------------------------------------------------------------------

/**
 * Cancel (only without AWB and invoice, core's eligibility rule) gives the stock back; restore
 * takes it again. The status moves through the lifecycle's transition table.
 */
async function cancelOrRestore(
  ctx: ServiceContext,
  id: number,
  cause: 'cancel' | 'restore',
  origin?: ChangeOrigin,
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, id);
    const refusal = cause === 'cancel' ? cancelRefusal(order) : restoreRefusal(order);
    if (refusal) throw new HttpError(409, refusal);
    if (cause === 'cancel') await refuseWhileAwbUnsettled(trx, id);
    const to = cause === 'cancel' ? 'cancelled' : 'new';
    const lines = await linesOfOrder(trx, id);
    await moveStocks(
      trx,
      lines.map((l) => ({ productId: l.product_id, delta: statusStockChange(order.status, to, l.quantity) })),
    );
    const data = {
      ...(origin?.bulkJob ? { bulk_job: origin.bulkJob } : {}),
      ...(origin?.byShop ? { by_shop: true } : {}),
    };
    await requireStatusChange(trx, ctx, order, cause, Object.keys(data).length ? data : undefined);
  });
}

/**
 * Who asked for a status change besides the user: a bulk job, the one mark of a bulk change. Its
 * history event carries `bulk_job`, so that whatever reacts to an order's events (a customer
 * message on a status change) can tell it from one order's and stay silent: a bulk status change
 * sends the customer nothing. An AWB made in bulk is no such change: the parcel ships as one made
 * alone does, and its customer gets the same shipping SMS.
 */
export interface ChangeOrigin {
  bulkJob?: number;
  /**
   * The shop cancelled the order itself (a connected shop's order): its history event carries
   * `by_shop`, so the cancel is not sent back to the shop (migration 082's trigger).
   */
  byShop?: boolean;
}

export const cancelOrder = (ctx: ServiceContext, id: number, origin?: ChangeOrigin) =>
  cancelOrRestore(ctx, id, 'cancel', origin);
export const restoreOrder = (ctx: ServiceContext, id: number, origin?: ChangeOrigin) =>
  cancelOrRestore(ctx, id, 'restore', origin);

// ---- the order as answered, and its documents ----------------------------------------------------

/** The order of the caller's company as the API shows it, or 404: what every order call answers. */
export async function orderView(ctx: ServiceContext, id: number): Promise<JsonText<Order>> {
  const order = await findOrder(ctx.db.kysely, ctx.companyId, id, ctx.lang);
  if (!order) throw notFound();
  return order;
}

/** Creates the order's AWB (the shipping module), the recipient's email taken from the order's customer details. */
export async function createOrderAwb(ctx: ServiceContext, id: number, body: unknown): Promise<void> {
  // The company's order (404), its recipient's e-mail and the sender's name in one read.
  const parties = await awbPartiesOf(ctx.db.kysely, ctx.companyId, id);
  if (!parties) throw notFound();
  const input = parse(awbBody, body);
  await createAwb(ctx, id, input, parties.email ?? undefined, parties.sender_name);
}

/**
 * The seller's answer to an AWB create the courier cannot settle (shipping's resolveAwb): the
 * company's order first (404), then the body (422), then the rules (409, 422 on the AWB).
 */
export async function resolveOrderAwb(ctx: ServiceContext, id: number, body: unknown): Promise<void> {
  await companyOrder(ctx, id);
  const input = parse(awbResolveBody, body);
  await resolveAwb(ctx, id, input);
}
