import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation';
import { orderDiscountBody, orderDiscountUpdateBody, productDiscountBody } from './discounts';
import { sourceBody } from './sources';

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error as never, 'en');
};

describe('order discount schema (shared by the form and the server)', () => {
  const base = { company_id: 1, source_id: 2 };

  it('stores money in bani and a percentage in hundredths of a percent', () => {
    expect(
      orderDiscountBody.parse({ ...base, type: 'percentage', order_value: '250.50', value: '12.5' }),
    ).toMatchObject({ order_value: 25050, value: 1250 });
    expect(orderDiscountBody.parse({ ...base, type: 'amount', order_value: 100, value: 0 })).toMatchObject({
      order_value: 10000,
      value: 0,
    });
    expect(orderDiscountBody.parse({ ...base, type: 'percentage', order_value: 1, value: 100 }).value).toBe(10000);
  });

  it('drops any value of a shipping discount and does not require one', () => {
    expect(orderDiscountBody.parse({ ...base, type: 'shipping', order_value: 99 }).value).toBeNull();
    expect(orderDiscountBody.parse({ ...base, type: 'shipping', order_value: 99, value: 30 }).value).toBeNull();
    expect(orderDiscountUpdateBody.parse({ type: 'shipping', order_value: 99, value: '' }).value).toBeNull();
  });

  it('needs type, order_value, company ("Please select a company") and source; value unless shipping', () => {
    // A choice says "Please select …", a typed field "This field is required."; the value is asked for
    // with the others while no type is chosen.
    expect(errorsOf(orderDiscountBody, {})).toEqual({
      type: ['Please select a type'],
      order_value: ['This field is required.'],
      value: ['This field is required.'],
      company_id: ['Please select a company'],
      source_id: ['Please select a source'],
    });
    // Blank form fields count as missing, and the value rule is reported with the others.
    expect(
      errorsOf(orderDiscountBody, { type: 'amount', order_value: '', value: '', company_id: null, source_id: '' }),
    ).toEqual({
      order_value: ['This field is required.'],
      value: ['This field is required.'],
      company_id: ['Please select a company'],
      source_id: ['Please select a source'],
    });
  });

  it('refuses a percentage above 100, negatives, three decimals and absurd amounts', () => {
    expect(errorsOf(orderDiscountBody, { ...base, type: 'percentage', order_value: 10, value: 100.01 })).toEqual({
      value: ['A percentage cannot be above 100.'],
    });
    expect(errorsOf(orderDiscountBody, { ...base, type: 'amount', order_value: -1, value: -0.01 })).toEqual({
      order_value: ['The value cannot be negative.'],
      value: ['The value cannot be negative.'],
    });
    expect(errorsOf(orderDiscountBody, { ...base, type: 'amount', order_value: '1.999', value: 1 })).toEqual({
      order_value: ['Use at most two decimals.'],
    });
    expect(errorsOf(orderDiscountBody, { ...base, type: 'amount', order_value: 1, value: 1e9 })).toEqual({
      value: ['The amount is too large.'],
    });
    expect(errorsOf(orderDiscountBody, { ...base, type: 'gift', order_value: 1, value: 1 })).toEqual({
      type: ['Choose one of: percentage, amount, shipping.'],
    });
  });
});

describe('product discount schema', () => {
  it('needs product, type and quantity; value 0 and quantity 0 are allowed', () => {
    expect(errorsOf(productDiscountBody, {})).toEqual({
      product_id: ['Please select a product'],
      type: ['Please select a type'],
      quantity: ['This field is required.'],
      value: ['This field is required.'],
    });
    expect(productDiscountBody.parse({ product_id: '4', type: 'amount', quantity: '0', value: '0' })).toEqual({
      product_id: 4,
      type: 'amount',
      quantity: 0,
      value: 0,
    });
    expect(errorsOf(productDiscountBody, { product_id: 4, type: 'percentage', quantity: 2 })).toEqual({
      value: ['This field is required.'],
    });
  });

  it('refuses negatives, fractions of a piece and a percentage above 100', () => {
    expect(errorsOf(productDiscountBody, { product_id: 4, type: 'percentage', quantity: -1, value: 101 })).toEqual({
      quantity: ['The value cannot be negative.'],
      value: ['A percentage cannot be above 100.'],
    });
    expect(errorsOf(productDiscountBody, { product_id: 4, type: 'amount', quantity: 2.5, value: 1 })).toEqual({
      quantity: ['Enter a whole number.'],
    });
  });
});

describe('source schema', () => {
  it('needs a company ("Please select a company") and a text; active defaults to true; company_id becomes an integer', () => {
    expect(errorsOf(sourceBody, { company_id: '', source: '  ' })).toEqual({
      company_id: ['Please select a company'],
      source: ['This field is required.'],
    });
    expect(sourceBody.parse({ company_id: '7', source: ' OLX ' })).toEqual({
      company_id: 7,
      source: 'OLX',
      active: true,
    });
  });
});
