import { describe, expect, it } from 'vitest';
import {
  addLine,
  decrease,
  increase,
  lineBani,
  productsPayload,
  removeLine,
  runningTotals,
  setQuantity,
  type DraftLine,
} from './newOrderLines';

const p = (id: number, price: number | null = 10.1, currency = 'RON') => ({
  product_id: id,
  sku: `SKU-${id}`,
  name: `Product ${id}`,
  price,
  currency,
});

describe('new order lines', () => {
  it('adds only with a selection; the same product again adds one', () => {
    let lines: DraftLine[] = addLine([], null);
    expect(lines).toEqual([]);
    lines = addLine(lines, p(1));
    lines = addLine(lines, p(2));
    lines = addLine(lines, p(1));
    expect(lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('a typed quantity never falls below 1 and is whole', () => {
    const lines = addLine([], p(1));
    expect(setQuantity(lines, 1, 0)[0]!.quantity).toBe(1);
    expect(setQuantity(lines, 1, -5)[0]!.quantity).toBe(1);
    expect(setQuantity(lines, 1, '')[0]!.quantity).toBe(1);
    expect(setQuantity(lines, 1, 'abc')[0]!.quantity).toBe(1);
    expect(setQuantity(lines, 1, 7.9)[0]!.quantity).toBe(7);
    expect(setQuantity(lines, 1, '12')[0]!.quantity).toBe(12);
  });

  it('minus lowers the quantity, and at 1 removes the line; plus raises it', () => {
    let lines = setQuantity(addLine(addLine([], p(1)), p(2)), 1, 2);
    lines = decrease(lines, 1);
    expect(lines.find((l) => l.product_id === 1)!.quantity).toBe(1);
    lines = decrease(lines, 1);
    expect(lines.map((l) => l.product_id)).toEqual([2]);
    expect(increase(lines, 2)[0]!.quantity).toBe(2);
    expect(removeLine(lines, 2)).toEqual([]);
  });

  it('the running total is exact in bani, per currency', () => {
    // 0.1 + 0.2 style float error must not show: 3 × 10.10 = 30.30 exactly.
    const lines = setQuantity(addLine(addLine(addLine([], p(1, 10.1)), p(2, 0.2)), p(3, 5, 'EUR')), 1, 3);
    expect(lineBani(lines[0]!)).toBe(3030);
    expect(runningTotals(lines)).toEqual([
      { currency: 'RON', bani: 3050 },
      { currency: 'EUR', bani: 500 },
    ]);
    expect(lineBani({ price: null, quantity: 4 })).toBe(0);
  });

  it('the payload maps SKU to quantity', () => {
    const lines = setQuantity(addLine(addLine([], p(1)), p(2)), 2, 4);
    expect(productsPayload(lines)).toEqual({ 'SKU-1': 1, 'SKU-2': 4 });
  });
});
