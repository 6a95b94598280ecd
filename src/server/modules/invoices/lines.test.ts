import { describe, expect, it } from 'vitest';
import { translate } from '../../../core/messages.js';
import { conversionMentions, invoiceLinesOf, stornoPlan, type StoredLine } from './lines.js';
// The refusals' texts.
import './messages.js';

const vat = { name: 'Normala', percentage: 21 };

/** The invoice's lines as stored, with nothing reversed yet. */
function stored(order: Parameters<typeof invoiceLinesOf>[0]): StoredLine[] {
  const plan = invoiceLinesOf(order, vat);
  if (!plan.ok) throw new Error(plan.key);
  return plan.lines.map((l, i) => ({ ...l, id: 100 + i, reversed: 0, reversed_value: 0 }));
}

/** Applies a storno plan to the stored lines, as recording it does. */
function apply(lines: StoredLine[], plan: ReturnType<typeof stornoPlan>): StoredLine[] {
  return lines.map((l) => {
    const taken = plan.lines.filter((s) => s.reverses_line_id === l.id);
    return {
      ...l,
      reversed: l.reversed + taken.reduce((n, s) => n + (s.kind === 'discount' ? 0 : s.quantity), 0),
      reversed_value: l.reversed_value + taken.reduce((n, s) => n + s.amount, 0),
    };
  });
}

describe('invoice lines of an order', () => {
  it('products with their line discounts, order discounts covering every product, shipping last; the sum is the total', () => {
    const order = {
      lines: [
        { id: 2, name: 'B', sku: 'B-2', price: 1001, quantity: 3 },
        { id: 1, name: 'A', sku: 'A-1', price: 1999, quantity: 1 },
      ],
      discounts: [
        { type: 'percentage', value: 1250, order_product_id: 2, coupon: null },
        { type: 'amount', value: 333, order_product_id: null, coupon: 'VARA' },
        { type: 'percentage', value: 250, order_product_id: null, coupon: null },
      ],
      shippingCost: 1500,
      totalValue: 0,
    };
    // 50.02 = 19.99 + 30.03; 12.5 % of 30.03 = 3.75; 2.5 % of 50.02 = 1.25 (1.2505 rounds half away); 50.02 − 3.75 − 3.33 − 1.25 + 15 = 56.69
    order.totalValue = 5669;
    const plan = invoiceLinesOf(order, vat);
    expect(plan.ok && plan.lines.map((l) => [l.kind, l.name, l.quantity, l.unit_price, l.applies_to])).toEqual([
      ['product', 'A', 1, 1999, null],
      ['product', 'B', 3, 1001, null],
      ['discount', 'Discount 12,5% B-2', 1, 375, 1],
      ['discount', 'Cupon VARA comandă', 1, 333, 2],
      ['discount', 'Discount 2,5% comandă', 1, 125, 2],
      ['shipping', 'Transport', 1, 1500, null],
    ]);
    expect(plan.ok && plan.total).toBe(5669);
  });

  it('each product line carries its own rate; an order discount is split over the rates by value; shipping takes the default', () => {
    const reduced = { name: 'Redusa', percentage: 11 };
    const order = {
      lines: [
        { id: 1, name: 'Carte', sku: 'C', price: 3000, quantity: 1, vat: reduced },
        { id: 2, name: 'Ghiveci', sku: 'G', price: 1000, quantity: 1, vat },
        { id: 3, name: 'Vas', sku: 'V', price: 1000, quantity: 1 },
      ],
      discounts: [{ type: 'amount', value: 1001, order_product_id: null, coupon: 'X' }],
      shippingCost: 1500,
      totalValue: 5000 - 1001 + 1500,
    };
    const plan = invoiceLinesOf(order, vat);
    expect(
      plan.ok && plan.lines.map((l) => [l.kind, l.code ?? l.name, l.unit_price, l.applies_to, l.vat_name]),
    ).toEqual([
      ['product', 'C', 3000, null, 'Redusa'],
      // 10.01 × 30 / 50 = 6.006 → 6.01; the rest goes with the last rate.
      ['discount', 'Cupon X comandă', 601, 1, 'Redusa'],
      ['product', 'G', 1000, null, 'Normala'],
      ['product', 'V', 1000, null, 'Normala'],
      ['discount', 'Cupon X comandă', 400, 2, 'Normala'],
      ['shipping', 'Transport', 1500, null, 'Normala'],
    ]);
    expect(plan.ok && plan.total).toBe(5499);
    // Without a default, shipping takes the highest rate of the products.
    const noDefault = invoiceLinesOf(
      { ...order, lines: order.lines.map((l) => ({ ...l, vat: l.vat ?? reduced })) },
      null,
    );
    expect(noDefault.ok && noDefault.lines.at(-1)).toMatchObject({ kind: 'shipping', vat_name: 'Normala' });
  });

  it('refuses, naming the product, a line without a rate when the company has no default', () => {
    const plan = invoiceLinesOf(
      {
        lines: [
          { id: 1, name: 'A', sku: 'A-1', price: 100, quantity: 1, vat },
          { id: 2, name: 'Fără cotă', sku: 'B-2', price: 100, quantity: 1 },
        ],
        discounts: [],
        shippingCost: 0,
        totalValue: 200,
      },
      null,
    );
    expect(plan).toEqual({ ok: false, key: 'invoice_product_no_vat', params: { product: 'Fără cotă (B-2)' } });
  });

  it('refuses with the reason when the lines do not add up to the stored total', () => {
    const plan = invoiceLinesOf(
      {
        lines: [{ id: 1, name: 'A', sku: 'A', price: 100, quantity: 1 }],
        discounts: [],
        shippingCost: 0,
        totalValue: 101,
      },
      vat,
    );
    expect(plan).toMatchObject({ ok: false, key: 'invoice_total_mismatch' });
    expect(invoiceLinesOf({ lines: [], discounts: [], shippingCost: 0, totalValue: 0 }, vat)).toMatchObject({
      ok: false,
      key: 'invoice_no_products',
    });
  });
});

describe("the refusals' amounts, in the reader's language", () => {
  const message = (plan: ReturnType<typeof invoiceLinesOf>, lang: 'en' | 'ro') =>
    plan.ok ? null : translate(lang, plan.key, plan.params);

  it('lines that do not add up to the total: 1.234,56 in Romanian, 1,234.56 in English', () => {
    const plan = invoiceLinesOf(
      {
        lines: [{ id: 1, name: 'A', sku: 'A', price: 123456, quantity: 1 }],
        discounts: [],
        shippingCost: 0,
        totalValue: 123457,
      },
      vat,
    );
    expect(message(plan, 'ro')).toBe(
      'Liniile facturii însumează 1.234,56 RON, dar totalul comenzii este 1.234,57 RON, așa că factura nu a fost emisă. Deschideți din nou comanda și verificați produsele și reducerile.',
    );
    expect(message(plan, 'en')).toBe(
      "The invoice lines add up to 1,234.56 RON but the order's total is 1,234.57 RON, so the invoice was not issued. Open the order again and check its lines and discounts.",
    );
  });

  it('discounts worth more than the products: 2.000,00 and 1.234,56 in Romanian, 2,000.00 and 1,234.56 in English', () => {
    // Each discount takes at most the order's value; the two together ask for more.
    const plan = invoiceLinesOf(
      {
        lines: [{ id: 1, name: 'A', sku: 'A', price: 123456, quantity: 1 }],
        discounts: [
          { type: 'amount', value: 100000, order_product_id: null, coupon: null },
          { type: 'amount', value: 100000, order_product_id: null, coupon: 'VARA' },
        ],
        shippingCost: 0,
        totalValue: 0,
      },
      vat,
    );
    expect(message(plan, 'ro')).toContain(
      'Reducerile comenzii (2.000,00 RON) depășesc valoarea produselor (1.234,56 RON)',
    );
    expect(message(plan, 'en')).toContain(
      "The order's discounts (2,000.00 RON) are more than its products are worth (1,234.56 RON)",
    );
  });
});

describe('storno plans', () => {
  const order = {
    lines: [
      { id: 1, name: 'A', sku: 'A', price: 1001, quantity: 3 },
      { id: 2, name: 'B', sku: 'B', price: 733, quantity: 7 },
    ],
    discounts: [
      { type: 'percentage', value: 3333, order_product_id: 2, coupon: null },
      { type: 'amount', value: 999, order_product_id: null, coupon: null },
    ],
    shippingCost: 1999,
    totalValue: 0,
  };
  // 30.03 + 51.31 = 81.34; 33.33 % of 51.31 = 17.10; 9.99 off; + 19.99 = 74.24
  order.totalValue = 7424;

  it('reversing unit by unit gives back each discount in shares that add up exactly; the last one takes shipping', () => {
    let lines = stored(order);
    let given = 0;
    const steps: [number, number][] = [
      [100, 1],
      [101, 2],
      [100, 1],
      [101, 4],
      [101, 1],
      [100, 1],
    ];
    steps.forEach(([id, q], i) => {
      const plan = stornoPlan(lines, new Map([[id, q]]));
      expect(plan.full).toBe(i === steps.length - 1);
      expect(plan.whole).toBe(false);
      expect(plan.lines.some((l) => l.kind === 'shipping')).toBe(plan.full);
      given += plan.total;
      lines = apply(lines, plan);
    });
    expect(given).toBe(7424);
    expect(
      lines.every((l) => (l.kind === 'discount' ? l.reversed_value === l.unit_price : l.reversed === l.quantity)),
    ).toBe(true);
  });

  it("everything at once with nothing reversed before is the whole invoice (SmartBill's own reverse)", () => {
    const lines = stored(order);
    const plan = stornoPlan(
      lines,
      new Map([
        [100, 3],
        [101, 7],
      ]),
    );
    expect(plan).toMatchObject({ full: true, whole: true, total: 7424 });
  });
});

describe('the rate of converted lines on the invoice', () => {
  const plain = {
    original_currency: null,
    original_price: null,
    exchange_rate: null,
    rate_date: null,
    rate_source: null,
  };
  it('names each rate and day once, with the lines and their own prices; nothing without a converted line', () => {
    expect(conversionMentions([{ sku: 'A', ...plain }])).toBeUndefined();
    expect(
      conversionMentions([
        {
          sku: 'GHIV',
          original_currency: 'EUR',
          original_price: 16799,
          exchange_rate: 49771,
          rate_date: '2026-11-25',
          rate_source: 'bnr',
        },
        { sku: 'A', ...plain },
        {
          sku: 'VAS',
          original_currency: 'EUR',
          original_price: '1000',
          exchange_rate: '49771',
          rate_date: '2026-11-25',
          rate_source: 'bnr',
        },
        {
          sku: 'OLD',
          original_currency: 'EUR',
          original_price: 500,
          exchange_rate: 49750,
          rate_date: '2026-11-20',
          rate_source: 'company',
        },
      ]),
    ).toBe(
      'Curs BNR din 25.11.2026: 1 EUR = 4,9771 RON (GHIV 167,99 EUR, VAS 10,00 EUR); Curs stabilit de firmă din 20.11.2026: 1 EUR = 4,9750 RON (OLD 5,00 EUR)',
    );
  });
});
