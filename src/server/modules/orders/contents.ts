import { addDiscountBody, addLineBody, discountValueBody, lineQuantityBody } from '../../../core/api/orders.js';
import { MAX_LINE_QUANTITY } from '../../../core/api/orders.js';
import { applyCouponBody } from '../../../core/api/coupons.js';
import { lineStockChange } from '../../../core/orders/stock.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, notFound, parse } from '../../http/errors.js';
import { releaseCoupon, takeCoupon } from '../coupons/index.js';
import { lockOrder, recordEvent, setCouponCode, type OrderRow } from '../order-lifecycle/index.js';
import { companyProduct, moveStocks, productsWithVariations } from '../products/index.js';
import {
  deleteDiscountRow,
  deleteLineRow,
  discountById,
  discountsOfOrder,
  insertDismissedDiscount,
  insertDiscount,
  insertLine,
  lineById,
  lineOfProduct,
  linesOfOrder,
  setLineQuantityRow,
  updateDiscountRow,
  type AppliedDiscountRow,
  type LineRow,
} from './queries.js';
import {
  companyOrder,
  companyRowOfOrder,
  linePrice,
  refuseContentChanges,
  settle,
  shownValue,
  storeOrderTotals,
} from './service.js';

/**
 * An order's lines, discounts and coupon, changed one at a time from its page: each change locks
 * the order, is refused while its contents are locked (refuseContentChanges: shipped, invoiced, an
 * AWB or invoice in flight), moves the stock, writes the history and settles the totals again
 * (service.ts, settle). Kept apart from service.ts, which makes, updates and deletes the order.
 */

// ---- lines ------------------------------------------------------------------------------------

/** Adds a product to the order, or adds to the existing line of that product. */
export async function addLine(ctx: ServiceContext, orderId: number, productId: number, body: unknown): Promise<number> {
  await companyOrder(ctx, orderId);
  const { quantity } = parse(addLineBody, body);
  return ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    await refuseContentChanges(trx, order);
    const product = await companyProduct(trx, ctx.companyId, productId);
    if (!product) throw notFound();
    if ((await productsWithVariations(trx, [productId])).size)
      throw FieldProblems.one('product_id', 'sku_has_variations', { sku: product.sku });
    const existing = await lineOfProduct(trx, orderId, productId);
    let lineId: number;
    if (existing) {
      const to = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY);
      await setLineQuantityRow(trx, existing.id, to, ctx.now);
      await moveStocks(trx, [{ productId, delta: lineStockChange(existing.quantity, to, order.status) }]);
      await recordEvent(trx, ctx, orderId, 'line_changed', {
        sku: existing.sku,
        name: existing.name,
        from: existing.quantity,
        to,
      });
      lineId = existing.id;
    } else {
      const price = await linePrice(trx, ctx, product);
      if (!price)
        throw FieldProblems.one('product_id', 'no_exchange_rate', { sku: product.sku, currency: product.currency });
      lineId = await insertLine(trx, {
        order_id: orderId,
        product_id: productId,
        name: product.name,
        sku: product.sku,
        ...price,
        quantity,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
      await moveStocks(trx, [{ productId, delta: lineStockChange(0, quantity, order.status) }]);
      await recordEvent(trx, ctx, orderId, 'line_added', { sku: product.sku, name: product.name, quantity });
    }
    await settle(trx, ctx, order);
    return lineId;
  });
}

/** The line of an order of the company, its order locked (404 otherwise). */
async function lockLine(trx: Executor, ctx: ServiceContext, lineId: number) {
  const ref = await lineById(trx, lineId);
  if (!ref) throw notFound();
  const order = await lockOrder(trx, ctx, ref.order_id);
  await refuseContentChanges(trx, order);
  // Read again under the order's lock: a concurrent change has committed by now.
  const line = await lineById(trx, lineId);
  if (!line) throw notFound();
  return { order, line };
}

/** Sets a line's quantity; 0 or less removes the line. Returns the order id. */
export async function setLineQuantity(ctx: ServiceContext, lineId: number, body: unknown): Promise<number> {
  await companyRowOfOrder(ctx, await lineById(ctx.db.kysely, lineId));
  const { quantity } = parse(lineQuantityBody, body);
  return ctx.db.transaction(async (trx) => {
    const { order, line } = await lockLine(trx, ctx, lineId);
    if (quantity <= 0) {
      await removeLine(trx, ctx, order, line);
    } else if (quantity !== line.quantity) {
      await setLineQuantityRow(trx, lineId, quantity, ctx.now);
      await moveStocks(trx, [
        { productId: line.product_id, delta: lineStockChange(line.quantity, quantity, order.status) },
      ]);
      await recordEvent(trx, ctx, order.id, 'line_changed', {
        sku: line.sku,
        name: line.name,
        from: line.quantity,
        to: quantity,
      });
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

export async function removeLine(trx: Executor, ctx: ServiceContext, order: OrderRow, line: LineRow): Promise<void> {
  await deleteLineRow(trx, line.id);
  await moveStocks(trx, [{ productId: line.product_id, delta: lineStockChange(line.quantity, 0, order.status) }]);
  await recordEvent(trx, ctx, order.id, 'line_removed', { sku: line.sku, name: line.name, quantity: line.quantity });
}

// ---- applied discounts ------------------------------------------------------------------------

export async function addDiscount(ctx: ServiceContext, orderId: number, body: unknown): Promise<number> {
  await companyOrder(ctx, orderId);
  const input = parse(addDiscountBody, body);
  return ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    await refuseContentChanges(trx, order);
    let sku: string | undefined;
    if (input.order_product_id !== null) {
      const line = await lineById(trx, input.order_product_id);
      if (!line || line.order_id !== orderId) throw FieldProblems.one('order_product_id', 'line_not_in_order');
      sku = line.sku;
    }
    const id = await insertDiscount(trx, {
      order_id: orderId,
      order_product_id: input.order_product_id,
      kind: 'manual',
      type: input.type,
      value: input.value,
      quantity: null,
      coupon: null,
      rule_id: null,
      amount: 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await recordEvent(trx, ctx, orderId, 'discount_added', {
      kind: 'manual',
      type: input.type,
      value: shownValue(input.type, input.value),
      ...(sku ? { sku } : {}),
    });
    await settle(trx, ctx, order);
    return id;
  });
}

async function lockDiscount(trx: Executor, ctx: ServiceContext, id: number) {
  const ref = await discountById(trx, id);
  if (!ref) throw notFound();
  const order = await lockOrder(trx, ctx, ref.order_id);
  await refuseContentChanges(trx, order);
  const discount = await discountById(trx, id);
  if (!discount) throw notFound();
  return { order, discount };
}

/**
 * An automatic discount the seller edited or deleted: its place (the order, or its line) is taken
 * out of the rules' hands for this order (see settle).
 */
async function dismissAutomatic(trx: Executor, ctx: ServiceContext, discount: AppliedDiscountRow): Promise<void> {
  if (discount.kind !== 'order' && discount.kind !== 'product') return;
  await insertDismissedDiscount(trx, {
    order_id: discount.order_id,
    order_product_id: discount.order_product_id,
    kind: discount.kind,
    created_at: ctx.now,
  });
}

/**
 * Changes a discount's value. An automatic discount changed by hand becomes a manual one, and its
 * place is dismissed, so the next re-evaluation neither puts the rule's value back nor adds the
 * rule's discount beside it. A free-shipping discount has no value.
 */
export async function updateDiscount(ctx: ServiceContext, id: number, body: unknown): Promise<number> {
  await companyRowOfOrder(ctx, await discountById(ctx.db.kysely, id));
  const { value } = parse(discountValueBody, body);
  return ctx.db.transaction(async (trx) => {
    const { order, discount } = await lockDiscount(trx, ctx, id);
    if (discount.type === 'shipping') throw FieldProblems.one('value', 'discount_type');
    if (discount.type === 'percentage' && value > 100_00) throw FieldProblems.one('value', 'percent_max');
    await updateDiscountRow(trx, id, {
      value,
      kind: discount.kind === 'coupon' ? 'coupon' : 'manual',
      updated_at: ctx.now,
    });
    await dismissAutomatic(trx, ctx, discount);
    await recordEvent(trx, ctx, order.id, 'discount_changed', {
      type: discount.type,
      from: shownValue(discount.type, discount.value),
      to: shownValue(discount.type, value),
    });
    await settle(trx, ctx, order);
    return order.id;
  });
}

export async function deleteDiscount(ctx: ServiceContext, id: number): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const { order, discount } = await lockDiscount(trx, ctx, id);
    await deleteDiscountRow(trx, id);
    await dismissAutomatic(trx, ctx, discount);
    if (discount.kind === 'coupon') await dropCoupon(trx, ctx, order, discount.coupon);
    await recordEvent(trx, ctx, order.id, 'discount_removed', {
      kind: discount.kind,
      type: discount.type,
      value: shownValue(discount.type, discount.value),
    });
    // Recompute only: nothing else changed that the rules would read.
    await storeOrderTotals(trx, ctx, order, await linesOfOrder(trx, order.id), await discountsOfOrder(trx, order.id));
    return order.id;
  });
}

// ---- coupon -----------------------------------------------------------------------------------

/** The order's coupon is gone: its code leaves the order and its use goes back to the coupon. */
async function dropCoupon(trx: Executor, ctx: ServiceContext, order: OrderRow, code: string | null): Promise<void> {
  await setCouponCode(trx, ctx, order, null);
  if (code) await releaseCoupon(trx, ctx.companyId, code, ctx.now);
}

/**
 * Applies a coupon of the company to the order: one per order (422 while one is applied), an
 * active one with a use left (422 on `code` otherwise, the use counted). It becomes an order-level
 * applied discount of kind `coupon` (code, type, value copied, quantity 1: one use), and the totals
 * are computed as for any discount. The code is kept on the order (`coupon_code`).
 */
export async function applyCoupon(ctx: ServiceContext, orderId: number, body: unknown): Promise<number> {
  await companyOrder(ctx, orderId);
  const { code } = parse(applyCouponBody, body);
  return ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    await refuseContentChanges(trx, order);
    if ((await discountsOfOrder(trx, orderId)).some((d) => d.kind === 'coupon'))
      throw FieldProblems.one('code', 'coupon_already_applied');
    const coupon = await takeCoupon(trx, ctx.companyId, code, ctx.now);
    const value = Math.round(coupon.value * 100);
    await insertDiscount(trx, {
      order_id: orderId,
      order_product_id: null,
      kind: 'coupon',
      type: coupon.type,
      value,
      quantity: 1,
      coupon: coupon.code,
      rule_id: null,
      amount: 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    await setCouponCode(trx, ctx, order, coupon.code);
    await settle(trx, ctx, order);
    return orderId;
  });
}

/** Removes the order's coupon (422 on `code` when it has none); its use goes back to the coupon. */
export async function removeCoupon(ctx: ServiceContext, orderId: number): Promise<number> {
  await companyOrder(ctx, orderId);
  return ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    await refuseContentChanges(trx, order);
    const applied = (await discountsOfOrder(trx, orderId)).filter((d) => d.kind === 'coupon');
    if (applied.length === 0) throw FieldProblems.one('code', 'coupon_none');
    for (const d of applied) await deleteDiscountRow(trx, d.id);
    await dropCoupon(trx, ctx, order, applied[0].coupon);
    await storeOrderTotals(trx, ctx, order, await linesOfOrder(trx, order.id), await discountsOfOrder(trx, order.id));
    return orderId;
  });
}
