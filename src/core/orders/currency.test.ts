import { describe, expect, it } from 'vitest';
import { convertUnitPrice, parseRate, rateNumber } from './currency.js';

describe('convertUnitPrice', () => {
  it('converts cents to bani at a four-decimal rate, rounded once per unit, half up', () => {
    // 167.99 EUR × 4.9771 = 836.102129 RON
    expect(convertUnitPrice(16799, 49771)).toBe(83610);
    // 0.50 EUR × 4.9771 = 2.48855 → 2.49 (half up)
    expect(convertUnitPrice(50, 49771)).toBe(249);
    // 1.00 EUR × 4.97705 is not a rate; 0.10 × 4.9750 = 0.4975 → 0.50 exactly at the half
    expect(convertUnitPrice(10, 49750)).toBe(50);
    expect(convertUnitPrice(0, 49771)).toBe(0);
  });
  it('a line of three is three converted units (no rounding of the line)', () => {
    const unit = convertUnitPrice(16799, 49771);
    expect(unit * 3).toBe(250830);
  });
  it('refuses a rate that is not a positive integer', () => {
    expect(() => convertUnitPrice(100, 0)).toThrow();
    expect(() => convertUnitPrice(100, 4.97)).toThrow();
  });
});

describe('parseRate', () => {
  it('reads up to four decimals with a point or a comma', () => {
    expect(parseRate('4.9771')).toBe(49771);
    expect(parseRate('4,97')).toBe(49700);
    expect(parseRate(5)).toBe(50000);
    expect(parseRate(4.9771)).toBe(49771);
    expect(rateNumber(49771)).toBe(4.9771);
  });
  it('refuses more decimals, signs, zero and text', () => {
    for (const bad of ['4.97711', '-4.9', '0', '0.0000', 'abc', '', '1e3']) expect(parseRate(bad)).toBeNull();
  });
});
