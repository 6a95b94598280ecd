import { describe, expect, it } from 'vitest';
import { discountWorth, matchOrderDiscount, matchProductDiscount } from './discountMatching.js';

describe('discountWorth', () => {
  it('a percentage is its share of the base, an amount at most the base, free shipping the shipping cost', () => {
    expect(discountWorth({ type: 'percentage', value: 10_00 }, 35_050, 1999)).toBe(3505);
    expect(discountWorth({ type: 'percentage', value: 250_00 }, 1000, 0)).toBe(1000);
    expect(discountWorth({ type: 'amount', value: 5000 }, 3000, 0)).toBe(3000);
    expect(discountWorth({ type: 'amount', value: 500 }, 3000, 0)).toBe(500);
    expect(discountWorth({ type: 'shipping', value: null }, 1_000_000, 1999)).toBe(1999);
  });
});

describe('matchOrderDiscount', () => {
  const rules = [
    { id: 1, source_id: 10, type: 'amount', order_value: 10000, value: 500 },
    { id: 2, source_id: 10, type: 'percentage', order_value: 50000, value: 1000 },
    { id: 3, source_id: 10, type: 'shipping', order_value: 30000, value: null },
    { id: 4, source_id: 11, type: 'amount', order_value: 0, value: 100 },
  ];
  it('of the rules of the order source whose threshold the value reaches, takes the one worth most', () => {
    expect(matchOrderDiscount(rules, 10, 9999, 1999)).toBeNull();
    expect(matchOrderDiscount(rules, 10, 10000, 1999)?.id).toBe(1);
    // From 300 RON free shipping (19.99) is worth more than 5 RON off.
    expect(matchOrderDiscount(rules, 10, 30000, 1999)?.id).toBe(3);
    // At 500 RON, 10 % (50 RON) beats free shipping.
    expect(matchOrderDiscount(rules, 10, 50000, 1999)?.id).toBe(2);
    expect(matchOrderDiscount(rules, 11, 0, 1999)?.id).toBe(4);
    expect(matchOrderDiscount(rules, 12, 1_000_000, 1999)).toBeNull();
    expect(matchOrderDiscount(rules, null, 1_000_000, 1999)).toBeNull();
  });
  it('never gives a lower threshold worth less: the 10 % stays when free shipping also qualifies', () => {
    // The reported case: 10 % of 350.50 RON (35.05) against free shipping (19.99) at a higher threshold.
    const two = [
      { id: 1, source_id: 1, type: 'percentage', order_value: 20000, value: 10_00 },
      { id: 2, source_id: 1, type: 'shipping', order_value: 30000, value: null },
    ];
    expect(matchOrderDiscount(two, 1, 35_050, 1999)?.id).toBe(1);
    // Free shipping wins where it is worth more (a shipping cost of 40 RON).
    expect(matchOrderDiscount(two, 1, 35_050, 4000)?.id).toBe(2);
    // With no shipping cost, free shipping is worth nothing.
    expect(matchOrderDiscount(two, 1, 35_050, 0)?.id).toBe(1);
  });
  it('breaks a tie of worth by the newest discount, whatever the row order', () => {
    const tie = [
      { id: 7, source_id: 1, type: 'amount', order_value: 100, value: 2 },
      { id: 5, source_id: 1, type: 'amount', order_value: 50, value: 2 },
    ];
    expect(matchOrderDiscount(tie, 1, 100)?.id).toBe(7);
    expect(matchOrderDiscount([...tie].reverse(), 1, 100)?.id).toBe(7);
  });
});

describe('matchProductDiscount', () => {
  const rules = [
    { id: 1, product_id: 5, type: 'percentage', quantity: 2, value: 500 },
    { id: 2, product_id: 5, type: 'percentage', quantity: 5, value: 1000 },
    { id: 3, product_id: 6, type: 'amount', quantity: 1, value: 100 },
  ];
  it('of the rules of its product whose quantity the line reaches, takes the one worth most on the line', () => {
    expect(matchProductDiscount(rules, 5, 1, 1000)).toBeNull();
    expect(matchProductDiscount(rules, 5, 2, 2000)?.id).toBe(1);
    expect(matchProductDiscount(rules, 5, 4, 4000)?.id).toBe(1);
    expect(matchProductDiscount(rules, 5, 5, 5000)?.id).toBe(2);
    expect(matchProductDiscount(rules, 6, 1, 1000)?.id).toBe(3);
    expect(matchProductDiscount(rules, 7, 100, 1000)).toBeNull();
    expect(matchProductDiscount(rules, null, 100, 1000)).toBeNull();
  });
  it('a higher threshold worth less does not replace a better one', () => {
    const two = [
      { id: 1, product_id: 1, type: 'percentage', quantity: 2, value: 20_00 },
      { id: 2, product_id: 1, type: 'amount', quantity: 5, value: 500 },
    ];
    // 5 × 20.00 RON: 20 % is 20 RON, 5 RON off is less.
    expect(matchProductDiscount(two, 1, 5, 10_000)?.id).toBe(1);
    // 5 × 1.00 RON: 20 % is 1 RON, 5 RON off (at most the line) is more.
    expect(matchProductDiscount(two, 1, 5, 500)?.id).toBe(2);
  });
  it('a line of 0 gets nothing, even from a threshold of 0', () => {
    expect(matchProductDiscount([{ id: 9, product_id: 1, type: 'amount', quantity: 0, value: 1 }], 1, 0, 0)).toBeNull();
  });
});
