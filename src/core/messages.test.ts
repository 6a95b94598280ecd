import { describe, expect, it } from 'vitest';
import { registerMessages, translate } from './messages.js';

describe('server messages', () => {
  it('interpolates params and falls back to English, then to the key', () => {
    registerMessages({ en: { test_only_en: 'Hello {{name}}' }, ro: {} });
    expect(translate('ro', 'test_only_en', { name: 'Ana' })).toBe('Hello Ana');
    expect(translate('en', 'no_such_key')).toBe('no_such_key');
  });

  it('picks the plural form of count (English one/other; Romanian one/few/other)', () => {
    expect(translate('en', 'count_products', { count: 1 })).toBe('1 product');
    expect(translate('en', 'count_products', { count: 0 })).toBe('0 products');
    expect(translate('ro', 'count_products', { count: 1 })).toBe('1 produs');
    expect(translate('ro', 'count_products', { count: 19 })).toBe('19 produse');
    expect(translate('ro', 'count_products', { count: 320 })).toBe('320 de produse');
    expect(translate('ro', 'count_products', { count: 101 })).toBe('101 produse');
  });

  it('a company in use says what it counts with the right plurals in both languages', () => {
    expect(translate('en', 'company_in_use', { products: 1, orders: 0 })).toBe(
      'This company still has 1 product and 0 orders. Delete them first, or mark the company inactive.',
    );
    expect(translate('en', 'company_in_use', { products: 320, orders: 1 })).toMatch(
      /^This company still has 320 products and 1 order\./,
    );
    expect(translate('ro', 'company_in_use', { products: 320, orders: 2 })).toMatch(
      /^Compania are încă 320 de produse și 2 comenzi\./,
    );
    expect(translate('ro', 'company_in_use', { products: 1, orders: 1 })).toMatch(
      /^Compania are încă 1 produs și 1 comandă\./,
    );
  });

  it('a length limit reads naturally in both languages', () => {
    expect(translate('en', 'too_long', { max: 100 })).toBe('At most 100 characters.');
    expect(translate('en', 'too_long', { max: 1 })).toBe('At most 1 character.');
    expect(translate('ro', 'too_long', { max: 100 })).toBe('Cel mult 100 de caractere.');
    expect(translate('ro', 'too_long', { max: 11 })).toBe('Cel mult 11 caractere.');
  });
});
