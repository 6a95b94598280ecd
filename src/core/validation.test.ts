import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyBody } from './api/companies.js';
import { fieldErrors, moneyBani, wholeNumber } from './validation.js';

const errorsOf = (schema: z.ZodType, input: unknown, lang: 'en' | 'ro' = 'en') => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return fieldErrors(r.error, lang);
};

describe('validation messages', () => {
  it('gives one message per field, in the asked language', () => {
    const en = errorsOf(companyBody, { vat_number: '123' });
    expect(en).toEqual({
      name: ['This field is required.'],
      vat_number: ['This tax id (CUI) is not valid: check the digits.'],
      administrator_name: ['This field is required.'],
    });
    const ro = errorsOf(companyBody, { vat_number: '123' }, 'ro');
    expect(ro.name).toEqual(['Câmpul este obligatoriu.']);
  });
  it('defaults vat_payer to false and active to true', () => {
    const ok = companyBody.parse({ name: 'A', vat_number: 'ro14399840', administrator_name: 'B' });
    expect(ok).toMatchObject({ vat_payer: false, active: true, vat_number: 'RO14399840' });
  });
  it('parses money into bani and refuses negatives and a third decimal', () => {
    const schema = z.object({ price: moneyBani() });
    expect(schema.parse({ price: '12.50' })).toEqual({ price: 1250 });
    expect(schema.parse({ price: 3 })).toEqual({ price: 300 });
    expect(errorsOf(schema, { price: -1 })).toEqual({ price: ['The value cannot be negative.'] });
    expect(errorsOf(schema, { price: '1.999' })).toEqual({ price: ['Use at most two decimals.'] });
    expect(errorsOf(schema, { price: 'abc' })).toEqual({ price: ['Enter a number.'] });
    expect(errorsOf(schema, {})).toEqual({ price: ['This field is required.'] });
  });
  it('reads a decimal comma as the web form types it (12,50 is 1250 bani) and refuses what it cannot read', () => {
    const schema = z.object({ price: moneyBani() });
    expect(schema.parse({ price: '12,50' })).toEqual({ price: 1250 });
    expect(schema.parse({ price: ' 0,5 ' })).toEqual({ price: 50 });
    // Grouped thousands and stray letters are never turned into another number.
    for (const price of ['1.234,56', '1,234.56', '12,5x', '12,50 lei'])
      expect(errorsOf(schema, { price }), price).toEqual({ price: ['Enter a number.'] });
    expect(errorsOf(schema, { price: '-3' })).toEqual({ price: ['The value cannot be negative.'] });
  });
  it('wants whole, non-negative numbers for stock', () => {
    const schema = z.object({ stock: wholeNumber() });
    expect(schema.parse({ stock: '5' })).toEqual({ stock: 5 });
    expect(errorsOf(schema, { stock: 1.5 })).toEqual({ stock: ['Enter a whole number.'] });
    expect(errorsOf(schema, { stock: -2 })).toEqual({ stock: ['The value cannot be negative.'] });
  });
});
