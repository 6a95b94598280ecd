import { describe, expect, it } from 'vitest';
import type { InvoiceLineState, OrderInvoice } from '../../../../core/api/invoices';
import type { AppliedDiscount } from '../../../../core/api/orders';
import {
  awaitsProvider,
  cleanText,
  discountGroups,
  documentBlocks,
  invoiceAmounts,
  reversedByLine,
  reversibleLines,
  summaryCurrency,
  type DocumentSubject,
} from './orderView';

const subject = (extra: Partial<DocumentSubject> = {}): DocumentSubject => ({
  status: 'new',
  awb: null,
  bill_number: null,
  awb_state: null,
  invoice_state: null,
  invoice: null,
  ...extra,
});
const line = (id: number, quantity: number, reversed: number): InvoiceLineState => ({
  order_product_id: id,
  name: `P${id}`,
  quantity,
  reversed,
});
const invoice = (extra: Partial<OrderInvoice> = {}): OrderInvoice => ({
  series: 'SB',
  number: '7',
  status: 'issued',
  issued_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  total: 116,
  lines: [line(1, 1, 0)],
  stornos: [],
  ...extra,
});

describe('order detail rules', () => {
  it('reads empty, null, undefined and the texts "null"/"undefined" as nothing', () => {
    for (const v of [null, undefined, '', '  ', 'null', 'undefined', ' null ']) expect(cleanText(v)).toBeNull();
    expect(cleanText('Cluj')).toBe('Cluj');
    expect(cleanText(0)).toBe('0');
  });

  it('a cancelled order gets neither an invoice nor an AWB, and says why', () => {
    const blocks = documentBlocks(subject({ status: 'cancelled' }), 1_800_000_000);
    expect(blocks.createInvoice).toBe('orderCancelled');
    expect(blocks.createAwb).toBe('orderCancelled');
  });

  it('document actions follow the spec conditions', () => {
    const now = 1_800_000_000;
    const none = documentBlocks(subject(), now);
    expect(none.createInvoice).toBeNull();
    expect(none.createAwb).toBeNull();
    for (const k of ['downloadInvoice', 'printInvoice', 'cancelInvoice', 'deleteInvoice', 'storno'] as const)
      expect(none[k]).toBe('needsInvoice');
    for (const k of ['downloadAwb', 'printAwb', 'deleteAwb'] as const) expect(none[k]).toBe('needsAwb');

    const fresh = documentBlocks(
      subject({ awb: 'AWB1', bill_number: 'SB 7', invoice: invoice({ updated_at: now - 86_400 }) }),
      now,
    );
    expect(fresh.createInvoice).toBe('hasInvoice');
    expect(fresh.createAwb).toBe('hasAwb');
    for (const k of [
      'downloadInvoice',
      'printInvoice',
      'cancelInvoice',
      'deleteInvoice',
      'downloadAwb',
      'printAwb',
      'deleteAwb',
    ] as const)
      expect(fresh[k]).toBeNull();
    // Storno: the invoice last updated more than one day ago (core's stornoAllowed).
    expect(fresh.storno).toBe('stornoTooSoon');
    expect(
      documentBlocks(subject({ bill_number: 'SB 7', invoice: invoice({ updated_at: now - 86_401 }) }), now).storno,
    ).toBeNull();
    expect(documentBlocks(subject({ bill_number: 'SB 7', invoice: null }), now).storno).toBe('stornoTooSoon');
    // "null" texts count as nothing.
    expect(documentBlocks(subject({ awb: 'null', bill_number: '' }), now).createAwb).toBeNull();
  });

  it('no create while one is in flight or being checked with the provider; storno needs something left', () => {
    const now = 1_800_000_000;
    expect(documentBlocks(subject({ awb_state: 'pending' }), now).createAwb).toBe('awbPending');
    expect(documentBlocks(subject({ awb_state: 'unknown' }), now).createAwb).toBe('awbUnknown');
    expect(documentBlocks(subject({ invoice_state: 'pending' }), now).createInvoice).toBe('invoicePending');
    expect(documentBlocks(subject({ invoice_state: 'unknown' }), now).createInvoice).toBe('invoiceUnknown');
    const old = now - 2 * 86_400;
    const cancelled = documentBlocks(
      subject({ bill_number: 'SB 7', invoice: invoice({ status: 'cancelled', updated_at: old }) }),
      now,
    );
    expect(cancelled.cancelInvoice).toBe('invoiceCancelled');
    expect(cancelled.storno).toBe('invoiceCancelled');
    expect(cancelled.deleteInvoice).toBeNull();
    const reversed = invoice({
      updated_at: old,
      lines: [line(1, 2, 2), line(2, 1, 1), { order_product_id: null, name: 'Transport', quantity: 1, reversed: 0 }],
    });
    expect(documentBlocks(subject({ bill_number: 'SB 7', invoice: reversed }), now).storno).toBe('nothingToReverse');
    expect(
      documentBlocks(subject({ bill_number: 'SB 7', invoice: { ...reversed, lines: [line(1, 2, 1)] } }), now).storno,
    ).toBeNull();
    const withStorno = documentBlocks(
      subject({
        bill_number: 'SB 7',
        invoice: invoice({
          status: 'partially_storno',
          updated_at: old,
          lines: [line(1, 2, 1)],
          stornos: [{ series: 'SB', number: '8', issued_at: old, total: -10 }],
        }),
      }),
      now,
    );
    expect([withStorno.cancelInvoice, withStorno.deleteInvoice, withStorno.storno]).toEqual([
      'hasStorno',
      'hasStorno',
      null,
    ]);
    expect(awaitsProvider(subject({ awb_state: 'unknown' }))).toBe(true);
    expect(awaitsProvider(subject())).toBe(false);
  });

  it('what is left to reverse per product line (shipping and discount lines are not offered)', () => {
    const lines = reversibleLines(
      invoice({
        lines: [line(1, 3, 1), line(2, 2, 2), { order_product_id: null, name: 'Transport', quantity: 1, reversed: 0 }],
      }),
    );
    expect(lines.map((l) => [l.order_product_id, l.left])).toEqual([
      [1, 2],
      [2, 0],
    ]);
    expect(reversibleLines(null)).toEqual([]);
  });

  it('groups the applied discounts: coupons, product lines, whole order', () => {
    const d = (id: number, extra: Partial<AppliedDiscount>): AppliedDiscount => ({
      id,
      type: 'amount',
      value: 5,
      quantity: null,
      order_product_id: null,
      coupon: null,
      kind: 'manual',
      automatic: false,
      amount: 5,
      ...extra,
    });
    const groups = discountGroups([
      d(1, { order_product_id: 10, kind: 'product' }),
      d(2, { kind: 'order' }),
      d(3, { coupon: 'VARA10', kind: 'coupon' }),
      d(4, { order_product_id: 11, kind: 'manual' }),
      d(5, { kind: 'manual' }),
    ]);
    expect(groups.product.map((x) => x.id)).toEqual([1, 4]);
    expect(groups.order.map((x) => x.id)).toEqual([2, 5]);
    expect(groups.coupon.map((x) => x.id)).toEqual([3]);
    expect(discountGroups(undefined)).toEqual({ product: [], order: [], coupon: [] });
  });

  it('the summary currency is the first line’s, RON without lines', () => {
    expect(
      summaryCurrency({
        order_products: [
          {
            id: 1,
            product_id: 1,
            quantity: 1,
            product: { name: 'a', sku: 'a', selling_price: 1, currency: 'EUR' },
            value: 1,
          },
        ],
      }),
    ).toBe('EUR');
    expect(summaryCurrency({ order_products: [] })).toBe('RON');
  });
});

describe('the invoice once reversed', () => {
  it('sums the invoice, its storno documents and what is left, exactly; nothing while nothing was reversed', () => {
    expect(invoiceAmounts({ invoice: null })).toBeNull();
    expect(invoiceAmounts({ invoice: invoice() })).toBeNull();
    const stornos = [
      { series: 'SB', number: '8', issued_at: 1, total: -53.99 },
      { series: 'SB', number: '9', issued_at: 2, total: -0.1 },
    ];
    expect(invoiceAmounts({ invoice: invoice({ total: 116.3, status: 'partially_storno', stornos }) })).toEqual({
      invoiced: 116.3,
      reversed: -54.09,
      net: 62.21,
      currency: 'RON',
    });
    expect(invoiceAmounts({ invoice: invoice({ status: 'cancelled', stornos }) })).toBeNull();
  });

  it('tells how many units of each line were reversed', () => {
    const reversed = reversedByLine({
      invoice: invoice({ lines: [line(1, 3, 2), line(2, 1, 0), { ...line(0, 1, 1), order_product_id: null }] }),
    });
    expect([...reversed]).toEqual([[1, 2]]);
    expect(reversedByLine({ invoice: null }).size).toBe(0);
  });
});
