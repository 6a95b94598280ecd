import { describe, expect, it } from 'vitest';
import { addPackageItem, isStatusOnly, mergePackageItems, nextItemQuantity, packageBody } from './packages.js';
import { formatReturnDate, returnRequestCreateBody } from './returnRequests.js';

describe('package item quantity as typed', () => {
  it('resets 0 to 1, ignores negatives and non-numbers, keeps whole numbers', () => {
    expect(nextItemQuantity(3, 0)).toBe(1);
    expect(nextItemQuantity(3, '0')).toBe(1);
    expect(nextItemQuantity(3, -2)).toBe(3);
    expect(nextItemQuantity(3, '-1')).toBe(3);
    expect(nextItemQuantity(3, '')).toBe(3);
    expect(nextItemQuantity(3, 'abc')).toBe(3);
    expect(nextItemQuantity(3, 7)).toBe(7);
    expect(nextItemQuantity(3, '2.9')).toBe(2);
  });
});

describe('Add to Package', () => {
  it('appends a new product and adds to the quantity of one already present', () => {
    const items = [{ product_id: 1, quantity: 2 }];
    expect(addPackageItem(items, { product_id: 2, quantity: 1 })).toEqual([
      { product_id: 1, quantity: 2 },
      { product_id: 2, quantity: 1 },
    ]);
    expect(addPackageItem(items, { product_id: 1, quantity: 3 })).toEqual([{ product_id: 1, quantity: 5 }]);
    expect(items).toEqual([{ product_id: 1, quantity: 2 }]);
  });

  it('merges a product listed twice (the server does the same)', () => {
    expect(
      mergePackageItems([
        { product_id: 4, quantity: 1 },
        { product_id: 2, quantity: 1 },
        { product_id: 4, quantity: 2 },
      ]),
    ).toEqual([
      { product_id: 4, quantity: 3 },
      { product_id: 2, quantity: 1 },
    ]);
  });
});

describe('package form rules', () => {
  it('takes measures of at least 1 with two decimals, as hundredths', () => {
    const ok = packageBody.safeParse({ name: 'Cutie', length: 1, width: '1.5', height: '2,25', weight: 10 });
    expect(ok.success && ok.data).toMatchObject({
      length: 100,
      width: 150,
      height: 225,
      weight: 1000,
      is_active: true,
    });
    const bad = packageBody.safeParse({ name: 'Cutie', length: 0.5, width: 1.001, height: 1, weight: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['length', 'min'],
      ['width', 'two_decimals'],
    ]);
  });

  it('knows the status toggle body', () => {
    expect(isStatusOnly({ is_active: false })).toBe(true);
    expect(isStatusOnly({ is_active: false, name: 'x' })).toBe(false);
    expect(isStatusOnly({})).toBe(false);
    expect(isStatusOnly(null)).toBe(false);
  });
});

describe('return request form rules', () => {
  const valid = {
    full_name: 'Ana Pop',
    phone_number: '0722 123 456',
    iban: 'RO49 AAAA 1B31 0075 9384 0000',
    source: 'eMAG',
  };
  it('requires a source on create and keeps email optional', () => {
    expect(returnRequestCreateBody.safeParse(valid).success).toBe(true);
    const noSource = returnRequestCreateBody.safeParse({ ...valid, source: '' });
    expect(noSource.error?.issues.map((i) => i.message)).toEqual(['return_select_source']);
    const badEmail = returnRequestCreateBody.safeParse({ ...valid, email: 'ana@' });
    expect(badEmail.error?.issues.map((i) => i.message)).toEqual(['invalid_email']);
    expect(returnRequestCreateBody.safeParse({ ...valid, email: '' }).data?.email).toBeNull();
  });

  it('shows dates as en-US short date and time', () => {
    expect(formatReturnDate(Date.UTC(2026, 10, 21, 16, 5) / 1000, 'en', 'UTC')).toMatch(/^11\/21\/26,\s4:05\sPM$/);
    // Romanian reads day.month: 8 November, not 11 August.
    expect(formatReturnDate(Date.UTC(2026, 10, 8, 20, 21) / 1000, 'ro', 'UTC')).toBe('08.11.2026, 20:21');
  });
});
