import { describe, expect, it } from 'vitest';
import { fromBani, hasAtMostTwoDecimals, toBani } from './money.js';

describe('money', () => {
  it('converts decimals to integer bani without float error', () => {
    expect(toBani(0.1 + 0.2)).toBe(30);
    expect(toBani('19.99')).toBe(1999);
    expect(toBani('19,9')).toBe(1990);
    expect(toBani(1234567.89)).toBe(123456789);
    expect(toBani('7')).toBe(700);
  });
  it('refuses text that is not an amount', () => {
    expect(() => toBani('abc')).toThrow();
    expect(() => toBani('1.234')).toThrow();
  });
  it('converts back to a decimal', () => {
    expect(fromBani(1999)).toBe(19.99);
    expect(fromBani(0)).toBe(0);
  });
  it('knows the step of 0.01', () => {
    expect(hasAtMostTwoDecimals('1.25')).toBe(true);
    expect(hasAtMostTwoDecimals(3)).toBe(true);
    expect(hasAtMostTwoDecimals('1.255')).toBe(false);
  });
});
