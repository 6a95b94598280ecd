import { describe, expect, it } from 'vitest';
import { matchOrderDiscount, matchProductDiscount } from './discountMatching.js';

describe('matchOrderDiscount', () => {
  const rules = [
    { id: 1, source_id: 10, type: 'amount', order_value: 10000, value: 500 },
    { id: 2, source_id: 10, type: 'percentage', order_value: 50000, value: 1000 },
    { id: 3, source_id: 10, type: 'shipping', order_value: 30000, value: null },
    { id: 4, source_id: 11, type: 'amount', order_value: 0, value: 100 },
  ];
  it('takes the highest threshold not above the value, of the order source only', () => {
    expect(matchOrderDiscount(rules, 10, 9999)).toBeNull();
    expect(matchOrderDiscount(rules, 10, 10000)?.id).toBe(1);
    expect(matchOrderDiscount(rules, 10, 29999)?.id).toBe(1);
    expect(matchOrderDiscount(rules, 10, 30000)?.id).toBe(3);
    expect(matchOrderDiscount(rules, 10, 1_000_000)?.id).toBe(2);
    expect(matchOrderDiscount(rules, 11, 0)?.id).toBe(4);
    expect(matchOrderDiscount(rules, 12, 1_000_000)).toBeNull();
    expect(matchOrderDiscount(rules, null, 1_000_000)).toBeNull();
  });
  it('breaks a tie by the newest discount, whatever the row order', () => {
    const tie = [
      { id: 7, source_id: 1, type: 'amount', order_value: 100, value: 1 },
      { id: 5, source_id: 1, type: 'amount', order_value: 100, value: 2 },
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
  it('takes the highest quantity threshold the line reaches, of its product only', () => {
    expect(matchProductDiscount(rules, 5, 1)).toBeNull();
    expect(matchProductDiscount(rules, 5, 2)?.id).toBe(1);
    expect(matchProductDiscount(rules, 5, 4)?.id).toBe(1);
    expect(matchProductDiscount(rules, 5, 5)?.id).toBe(2);
    expect(matchProductDiscount(rules, 5, 500)?.id).toBe(2);
    expect(matchProductDiscount(rules, 6, 1)?.id).toBe(3);
    expect(matchProductDiscount(rules, 7, 100)).toBeNull();
    expect(matchProductDiscount(rules, null, 100)).toBeNull();
  });
  it('a line of 0 gets nothing, even from a threshold of 0', () => {
    expect(matchProductDiscount([{ id: 9, product_id: 1, type: 'amount', quantity: 0, value: 1 }], 1, 0)).toBeNull();
  });
});
