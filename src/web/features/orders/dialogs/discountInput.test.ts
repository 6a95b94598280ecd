import { describe, expect, it } from 'vitest';
import { discountInput } from './discountInput';

describe('add discount input', () => {
  it('needs amount or percentage and a number', () => {
    expect(discountInput({ lineId: null, type: null, value: 5 })).toBeNull();
    expect(discountInput({ lineId: null, type: 'shipping' as never, value: 5 })).toBeNull();
    expect(discountInput({ lineId: null, type: 'amount', value: '' })).toBeNull();
    expect(discountInput({ lineId: null, type: 'amount', value: 'abc' })).toBeNull();
    expect(discountInput({ lineId: null, type: 'amount', value: -1 })).toBeNull();
    expect(discountInput({ lineId: null, type: 'percentage', value: 100.5 })).toBeNull();
  });

  it('builds the body: order-level without a line, value to 2 decimals', () => {
    expect(discountInput({ lineId: null, type: 'amount', value: 10.005 })).toEqual({
      type: 'amount',
      value: 10.01,
      order_product_id: null,
    });
    expect(discountInput({ lineId: '17', type: 'percentage', value: '12.5' })).toEqual({
      type: 'percentage',
      value: 12.5,
      order_product_id: 17,
    });
    expect(discountInput({ lineId: null, type: 'amount', value: 0 })).toEqual({
      type: 'amount',
      value: 0,
      order_product_id: null,
    });
  });
});
