import { describe, expect, it } from 'vitest';
import type { AppliedDiscount } from '../types';
import { canCancel, canRestore, cleanText, discountGroups, documentBlocks, summaryCurrency } from './orderView';

describe('order detail rules', () => {
  it('reads empty, null, undefined and the texts "null"/"undefined" as nothing', () => {
    for (const v of [null, undefined, '', '  ', 'null', 'undefined', ' null ']) expect(cleanText(v)).toBeNull();
    expect(cleanText('Cluj')).toBe('Cluj');
    expect(cleanText(0)).toBe('0');
  });

  it('Cancel only without AWB and invoice and not cancelled; Restore only when cancelled', () => {
    expect(canCancel({ status: 'new', awb: null, bill_number: null })).toBe(true);
    expect(canCancel({ status: 'processing', awb: '', bill_number: 'null' })).toBe(true);
    expect(canCancel({ status: 'new', awb: '123', bill_number: null })).toBe(false);
    expect(canCancel({ status: 'new', awb: null, bill_number: 'SB-1' })).toBe(false);
    expect(canCancel({ status: 'Cancelled', awb: null, bill_number: null })).toBe(false);
    expect(canRestore({ status: 'cancelled' })).toBe(true);
    expect(canRestore({ status: 'new' })).toBe(false);
  });

  it('document actions follow the spec conditions', () => {
    const now = 1_800_000_000;
    const none = documentBlocks({ awb: null, bill_number: null, updated_at: now }, now);
    expect(none.createInvoice).toBeNull();
    expect(none.createAwb).toBeNull();
    for (const k of ['downloadInvoice', 'printInvoice', 'cancelInvoice', 'deleteInvoice', 'storno'] as const) expect(none[k]).toBe('needsInvoice');
    for (const k of ['downloadAwb', 'printAwb', 'deleteAwb'] as const) expect(none[k]).toBe('needsAwb');

    const fresh = documentBlocks({ awb: 'AWB1', bill_number: 'SB-7', updated_at: now - 86_400 }, now);
    expect(fresh.createInvoice).toBe('hasInvoice');
    expect(fresh.createAwb).toBe('hasAwb');
    expect(fresh.downloadInvoice).toBeNull();
    expect(fresh.deleteAwb).toBeNull();
    expect(fresh.storno).toBe('stornoTooSoon');
    expect(documentBlocks({ awb: null, bill_number: 'SB-7', updated_at: now - 86_401 }, now).storno).toBeNull();
    expect(documentBlocks({ awb: null, bill_number: 'SB-7', updated_at: null }, now).storno).toBe('stornoTooSoon');
  });

  it('groups the applied discounts: coupons, product lines, whole order', () => {
    const d = (id: number, extra: Partial<AppliedDiscount>): AppliedDiscount => ({ id, type: 'amount', value: 5, order_product_id: null, coupon: null, ...extra });
    const groups = discountGroups([d(1, { order_product_id: 10, kind: 'product' }), d(2, { kind: 'order' }), d(3, { coupon: 'VARA10', kind: 'coupon' }), d(4, { order_product_id: 11, kind: 'manual' }), d(5, { kind: 'manual' })]);
    expect(groups.product.map((x) => x.id)).toEqual([1, 4]);
    expect(groups.order.map((x) => x.id)).toEqual([2, 5]);
    expect(groups.coupon.map((x) => x.id)).toEqual([3]);
    expect(discountGroups(undefined)).toEqual({ product: [], order: [], coupon: [] });
  });

  it('the summary currency is the first line’s, RON without lines', () => {
    expect(summaryCurrency({ order_products: [{ id: 1, product_id: 1, quantity: 1, product: { name: 'a', sku: 'a', selling_price: 1, currency: 'EUR' } }] })).toBe('EUR');
    expect(summaryCurrency({ order_products: [] })).toBe('RON');
  });
});
