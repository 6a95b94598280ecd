import type { IntakeOrder } from '../../../core/api/intake.js';
import { addressLine, MAX_LINE_QUANTITY } from '../../../core/api/orders.js';
import { convertUnitPrice, ORDER_CURRENCY } from '../../../core/orders/currency.js';
import { normalizePhone } from '../../../core/orders/phone.js';
import { lineStockChange } from '../../../core/orders/stock.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { HttpError } from '../../http/errors.js';
import { companyShippingCost } from '../companies/index.js';
import { couponRefusal, takeCoupon } from '../coupons/index.js';
import { customerForNewOrder, renameCompanyCustomer } from '../customers/index.js';
import { rateFor } from '../exchange-rates/index.js';
import {
  insertOrder,
  lockOrder,
  orderOf,
  recordEvent,
  setAddressCheck,
  setCouponCode,
  setPaymentMethod,
  setShippingCost,
  updateNotes,
  type OrderRow,
} from '../order-lifecycle/index.js';
import { companyProductsBySku, moveStocks, productsWithVariations } from '../products/index.js';
import { resolveTextAddress, type ResolvedAddress } from './addressCheck.js';
import { orderCustomerPhone, orderIdOfExternal } from './intakeQueries.js';
import {
  customerDetailOf,
  insertCustomerDetail,
  insertDiscount,
  insertLine,
  linesOfOrder,
  setLineQuantityRow,
  updateCustomerDetailRow,
} from './queries.js';
import { removeLine } from './contents.js';
import { linePrice, newOrderValues, refuseContentChanges, settle, type LinePrice } from './service.js';

/**
 * An order that arrived by itself (a shop's push, a row group of an imported file), made an
 * ordinary order of the company and its source by the new-order form's own steps: the customer
 * matched by phone as the form matches (customers' customerForNewOrder), stock taken through the
 * products module, the automatic discounts and the totals by the form's `settle`, the company's
 * shipping cost unless the shop sent its own, the history in the same transaction. What differs
 * is that nothing is refused: what keeps the order from being created as sent (an unknown SKU, an
 * unreadable phone, no stock where the company does not oversell, a coupon it does not have) is
 * thrown as `HeldOrder` with every problem, for the inbox to keep, and the address is read from
 * its text (addressCheck.ts), an order it cannot place for certain marked "to check".
 */

/** Why an arrived order cannot be created (or changed) as sent: a message key with its parameters and field. */
export interface IntakeIssue {
  key: string;
  params?: Record<string, string | number>;
  field?: string;
}

/** Thrown (rolling the transaction back) when the order cannot be created or changed as sent. */
export class HeldOrder extends Error {
  constructor(public readonly issues: IntakeIssue[]) {
    super('held');
    this.name = 'HeldOrder';
  }
}

export interface IntakeOrderSpec {
  sourceId: number;
  via: 'push' | 'import';
  intakeId: number | null;
  order: IntakeOrder;
  /** Whether an order may take a product's stock below zero (the company's intake setting). */
  oversell: boolean;
}

interface PlannedLine {
  product: { id: number; name: string; sku: string; stock: number };
  quantity: number;
  price: LinePrice;
}

interface Plan {
  phone: string;
  lines: PlannedLine[];
  /** Bani, in lei; null: the company's own. */
  shippingCost: number | null;
  address: ResolvedAddress;
}

/**
 * What creating the order would take, read without writing anything (a dry run's answer): its
 * lines priced (the shop's unit price in the order's currency, converted to lei at the day's rate
 * for EUR; the catalogue's without one), its customer's number and its address read; or every
 * problem that keeps it from being created as sent.
 */
export async function planIntakeOrder(
  exec: Executor,
  ctx: ServiceContext,
  spec: IntakeOrderSpec,
): Promise<{ plan: Plan | null; issues: IntakeIssue[] }> {
  const o = spec.order;
  const issues: IntakeIssue[] = [];
  const phone = normalizePhone(o.customer.phone_number);
  if (!phone)
    issues.push({
      field: 'customer.phone_number',
      key: 'intake_invalid_phone',
      params: { phone: o.customer.phone_number.slice(0, 50) },
    });

  // One line per product, as the form makes it: the same SKU twice is one line of both quantities.
  const wanted = new Map<string, { quantity: number; unitPrice: number | undefined; index: number }>();
  o.lines.forEach((l, index) => {
    const was = wanted.get(l.sku);
    if (was) was.quantity = Math.min(was.quantity + l.quantity, MAX_LINE_QUANTITY);
    else wanted.set(l.sku, { quantity: l.quantity, unitPrice: l.unit_price, index });
  });
  const products = await companyProductsBySku(exec, ctx.companyId, [...wanted.keys()]);
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const withVariations = await productsWithVariations(
    exec,
    products.map((p) => p.id),
  );
  const rate = o.currency === ORDER_CURRENCY ? null : await rateFor(exec, ctx.companyId, o.currency, ctx.now);
  const inLei = (minor: number): LinePrice | null =>
    o.currency === ORDER_CURRENCY
      ? {
          price: minor,
          currency: ORDER_CURRENCY,
          original_currency: null,
          original_price: null,
          exchange_rate: null,
          rate_date: null,
          rate_source: null,
        }
      : rate
        ? {
            price: convertUnitPrice(minor, rate.rate),
            currency: ORDER_CURRENCY,
            original_currency: o.currency,
            original_price: minor,
            exchange_rate: rate.rate,
            rate_date: rate.date,
            rate_source: rate.source,
          }
        : null;

  const lines: PlannedLine[] = [];
  for (const [sku, w] of wanted) {
    const field = `lines.${w.index}.sku`;
    const p = bySku.get(sku);
    if (!p) {
      issues.push({ field, key: 'unknown_sku', params: { sku } });
      continue;
    }
    if (withVariations.has(p.id)) {
      issues.push({ field, key: 'sku_has_variations', params: { sku } });
      continue;
    }
    const price = w.unitPrice !== undefined ? inLei(w.unitPrice) : ((await linePrice(exec, ctx, p)) ?? null);
    if (!price) {
      issues.push({
        field: `lines.${w.index}.unit_price`,
        key: 'no_exchange_rate',
        params: { sku, currency: w.unitPrice !== undefined ? o.currency : p.currency },
      });
      continue;
    }
    const stock = Number(p.stock ?? 0);
    if (!spec.oversell && stock < w.quantity)
      issues.push({
        field: `lines.${w.index}.quantity`,
        key: 'intake_no_stock',
        params: { sku, stock: Math.max(0, stock), quantity: w.quantity },
      });
    lines.push({ product: { id: p.id, name: p.name, sku: p.sku, stock }, quantity: w.quantity, price });
  }

  let shippingCost: number | null = null;
  if (o.shipping_cost !== undefined) {
    const cost = inLei(o.shipping_cost);
    if (cost) shippingCost = cost.price;
    else issues.push({ field: 'shipping_cost', key: 'no_exchange_rate', params: { sku: '—', currency: o.currency } });
  }
  if (o.coupon_code) {
    const refusal = await couponRefusal(exec, ctx.companyId, o.coupon_code);
    if (refusal) issues.push({ field: 'coupon_code', key: refusal });
  }
  if (issues.length) return { plan: null, issues };
  const a = o.shipping_address;
  return {
    plan: { phone: phone!, lines, shippingCost, address: resolveTextAddress(a) },
    issues: [],
  };
}

/** The address line the courier reads: street and number, flat, and the customer's directions. */
const addressText = (a: IntakeOrder['shipping_address']) =>
  [addressLine(a), a.details?.trim()].filter(Boolean).join(', ');

/** The stock of the products just taken, read again in the transaction: none may be below zero unless the company oversells. */
async function refuseOversold(trx: Executor, ctx: ServiceContext, spec: IntakeOrderSpec, taken: PlannedLine[]) {
  if (spec.oversell || taken.length === 0) return;
  const now = await companyProductsBySku(
    trx,
    ctx.companyId,
    taken.map((l) => l.product.sku),
  );
  const issues: IntakeIssue[] = [];
  for (const p of now) {
    const line = taken.find((l) => l.product.id === p.id);
    if (line && Number(p.stock ?? 0) < 0)
      issues.push({
        field: 'lines',
        key: 'intake_no_stock',
        params: { sku: p.sku, stock: Math.max(0, Number(p.stock ?? 0) + line.quantity), quantity: line.quantity },
      });
  }
  // Another order took the stock between the plan and this order's move: nothing is kept.
  if (issues.length) throw new HeldOrder(issues);
}

/** The origin the history records: how the order came, its number in the shop and its inbox item. */
const originOf = (spec: IntakeOrderSpec) => ({
  via: spec.via,
  external_id: spec.order.external_id,
  ...(spec.intakeId ? { intake_id: spec.intakeId } : {}),
  ...(spec.order.created_at ? { shop_created_at: spec.order.created_at } : {}),
});

/**
 * Creates the order in the caller's transaction, or throws HeldOrder. The orders' unique index on
 * (source, external id) has the last word: a concurrent push of the same order that got there
 * first makes this insert fail (isUniqueViolation), the transaction, and its stock moves, rolled back.
 */
export async function createIntakeOrder(trx: Executor, ctx: ServiceContext, spec: IntakeOrderSpec): Promise<number> {
  const { plan, issues } = await planIntakeOrder(trx, ctx, spec);
  if (!plan) throw new HeldOrder(issues);
  const o = spec.order;
  // Stock before the customer and the counts, in the order every order write takes its locks.
  await moveStocks(
    trx,
    plan.lines.map((l) => ({ productId: l.product.id, delta: lineStockChange(0, l.quantity, 'new') })),
  );
  await refuseOversold(trx, ctx, spec, plan.lines);
  const shippingCost = plan.shippingCost ?? (await companyShippingCost(trx, ctx.companyId));
  const customerId = await customerForNewOrder(trx, ctx, {
    phone: plan.phone,
    name: o.customer.name,
    email: o.customer.email,
  });
  const order = await insertOrder(
    trx,
    ctx,
    newOrderValues(ctx, {
      customerId,
      sourceId: spec.sourceId,
      shippingCost,
      details: o.notes ?? null,
      paymentMethod: o.payment_method,
      addressCheck: plan.address.check,
      externalId: o.external_id,
    }),
  );
  const a = o.shipping_address;
  await insertCustomerDetail(trx, {
    order_id: order.id,
    company_id: ctx.companyId,
    name: o.customer.name,
    email: o.customer.email,
    county: a.county,
    county_id: plan.address.county_id,
    city: a.city,
    city_id: plan.address.city_id,
    street: a.street,
    street_id: plan.address.street_id,
    street_number: a.number,
    zip_code: plan.address.zip_code,
    address: addressText(a),
    company_name: null,
    vat_number: null,
    company_address: null,
    company_city: null,
    company_county: null,
  });
  for (const l of plan.lines)
    await insertLine(trx, {
      order_id: order.id,
      product_id: l.product.id,
      name: l.product.name,
      sku: l.product.sku,
      ...l.price,
      quantity: l.quantity,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  await recordEvent(trx, ctx, order.id, 'created', {
    lines: plan.lines.map((l) => ({ sku: l.product.sku, quantity: l.quantity })),
    origin: originOf(spec),
  });
  await noteAddress(trx, ctx, order.id, plan.address);
  // The discounts and totals read the order's source and shipping cost, as inserted (a coupon's code
  // is all applyShopCoupon changes on the row).
  if (o.coupon_code) await applyShopCoupon(trx, ctx, order, o.coupon_code);
  await settle(trx, ctx, order);
  return order.id;
}

/** The history of the address's reading: a typed postal code replaced, or the order left to check. */
async function noteAddress(trx: Executor, ctx: ServiceContext, orderId: number, address: ResolvedAddress) {
  if (address.replacedZip)
    await recordEvent(trx, ctx, orderId, 'customer_detail_changed', {
      changes: { zip_code: address.replacedZip },
      reason: 'postal_code_of_street',
    });
  if (address.check) {
    const { part, reason } = JSON.parse(address.check) as { part: string; reason: string };
    await recordEvent(trx, ctx, orderId, 'address_to_check', { part, reason });
  }
}

/** The shop's coupon, applied as the order page applies one: a use taken, its discount, its code on the order. */
async function applyShopCoupon(trx: Executor, ctx: ServiceContext, order: OrderRow, code: string): Promise<void> {
  let coupon;
  try {
    coupon = await takeCoupon(trx, ctx.companyId, code, ctx.now);
  } catch (err) {
    // Used up since the plan read it (another order took its last use).
    if (err instanceof HttpError && err.fields?.code?.[0])
      throw new HeldOrder([{ field: 'coupon_code', key: err.fields.code[0].key }]);
    throw err;
  }
  await insertDiscount(trx, {
    order_id: order.id,
    order_product_id: null,
    kind: 'coupon',
    type: coupon.type,
    value: Math.round(coupon.value * 100),
    quantity: 1,
    coupon: coupon.code,
    rule_id: null,
    amount: 0,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await setCouponCode(trx, ctx, order, coupon.code);
}

/** The company's order of the source with this shop order number, or undefined. */
export const intakeOrderId = (exec: Executor, ctx: ServiceContext, sourceId: number, externalId: string) =>
  orderIdOfExternal(exec, ctx.companyId, sourceId, externalId);

/**
 * The shop changed an order it sent before: while the order has no AWB and no invoice (and is not
 * cancelled) its customer's name and email, address, lines (stock moved accordingly), shipping
 * cost, payment method and notes become the shop's, the history saying "changed in the shop".
 * Otherwise, and for what the order page itself would not change on its own (another phone
 * number, which is another customer; another coupon), nothing is touched and HeldOrder says why,
 * for the seller to decide.
 */
export async function updateIntakeOrder(
  trx: Executor,
  ctx: ServiceContext,
  orderId: number,
  spec: IntakeOrderSpec,
): Promise<void> {
  const order = await lockOrder(trx, ctx, orderId);
  try {
    await refuseContentChanges(trx, order);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    throw new HeldOrder([
      { key: err.key === 'order_contents_cancelled' ? 'intake_changed_cancelled' : 'intake_changed_after_documents' },
    ]);
  }
  const o = spec.order;
  // The stock the order already holds is its own: only what a change takes more is checked, after
  // it is taken (refuseOversold below), not the plan's comparison with the stock left.
  const { plan, issues } = await planIntakeOrder(trx, ctx, { ...spec, oversell: true });
  const phone = normalizePhone(o.customer.phone_number);
  if (phone && phone !== (await orderCustomerPhone(trx, orderId)))
    issues.push({ field: 'customer.phone_number', key: 'intake_changed_phone' });
  if ((o.coupon_code ?? '').toLowerCase() !== (order.coupon_code ?? '').toLowerCase())
    issues.push({ field: 'coupon_code', key: 'intake_changed_coupon' });
  if (!plan || issues.length) throw new HeldOrder(issues);

  // The lines: one kept where the product and its price are the same (its quantity moved), any
  // other replaced, removed or added, each with its stock move and history entry.
  const current = await linesOfOrder(trx, orderId);
  const taken: PlannedLine[] = [];
  for (const l of plan.lines) {
    const same = current.find((c) => c.product_id === l.product.id);
    const samePrice =
      same &&
      Number(same.price) === l.price.price &&
      (same.original_currency ?? null) === l.price.original_currency &&
      (same.original_price === null ? null : Number(same.original_price)) === l.price.original_price;
    if (same && samePrice) {
      if (same.quantity !== l.quantity) {
        await setLineQuantityRow(trx, same.id, l.quantity, ctx.now);
        await moveStocks(trx, [
          { productId: l.product.id, delta: lineStockChange(same.quantity, l.quantity, order.status) },
        ]);
        await recordEvent(trx, ctx, orderId, 'line_changed', {
          sku: same.sku,
          name: same.name,
          from: same.quantity,
          to: l.quantity,
        });
        if (l.quantity > same.quantity) taken.push(l);
      }
      continue;
    }
    if (same) await removeLine(trx, ctx, order, same);
    await insertLine(trx, {
      order_id: orderId,
      product_id: l.product.id,
      name: l.product.name,
      sku: l.product.sku,
      ...l.price,
      quantity: l.quantity,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await moveStocks(trx, [{ productId: l.product.id, delta: lineStockChange(0, l.quantity, order.status) }]);
    await recordEvent(trx, ctx, orderId, 'line_added', {
      sku: l.product.sku,
      name: l.product.name,
      quantity: l.quantity,
    });
    taken.push(l);
  }
  for (const c of current)
    if (!plan.lines.some((l) => l.product.id === c.product_id)) await removeLine(trx, ctx, order, c);
  await refuseOversold(trx, ctx, spec, taken);

  // The customer's details and the address, read again from their text.
  const detail = await customerDetailOf(trx, orderId);
  const a = o.shipping_address;
  const next = {
    name: o.customer.name,
    email: o.customer.email,
    county: a.county,
    city: a.city,
    street: a.street,
    street_number: a.number,
    zip_code: plan.address.zip_code,
    address: addressText(a),
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of Object.keys(next) as (keyof typeof next)[])
    if ((detail[k] ?? null) !== (next[k] ?? null)) changes[k] = { from: detail[k], to: next[k] };
  await updateCustomerDetailRow(trx, orderId, {
    ...next,
    county_id: plan.address.county_id,
    city_id: plan.address.city_id,
    street_id: plan.address.street_id,
  });
  if (changes.name || changes.email)
    await renameCompanyCustomer(trx, ctx, order.customer_id, { name: next.name, email: next.email });
  await setAddressCheck(trx, ctx, order, plan.address.check);
  if (plan.shippingCost !== null) await setShippingCost(trx, ctx, order, plan.shippingCost);
  await setPaymentMethod(trx, ctx, order, o.payment_method);
  await updateNotes(trx, ctx, order, { details: o.notes ?? null });
  await recordEvent(trx, ctx, orderId, 'changed_in_shop', { origin: originOf(spec), changes });
  await settle(trx, ctx, await orderOf(trx, ctx, orderId));
}
