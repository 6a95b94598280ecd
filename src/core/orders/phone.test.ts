import { describe, expect, it } from 'vitest';
import { isRomanianMobile, normalizePhone } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    '0744 123 456',
    '0744123456',
    '+40744123456',
    '+40 744 123 456',
    '0040744123456',
    '00 40 744-123-456',
    '40744123456',
    '744123456',
    '(0744) 123.456',
    '+40 0744 123 456',
  ])('%s is +40744123456', (input) => {
    expect(normalizePhone(input)).toBe('+40744123456');
  });

  it('keeps Romanian landlines in the same form', () => {
    expect(normalizePhone('021 312 34 56')).toBe('+40213123456');
    expect(normalizePhone('0264 123 456')).toBe('+40264123456');
  });

  it('keeps foreign numbers written internationally', () => {
    expect(normalizePhone('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(normalizePhone('0033612345678')).toBe('+33612345678');
  });

  it.each([
    '',
    '   ',
    'abc',
    '0744 12',
    '07441234567',
    '0844123456',
    '+40 844 123 456',
    '12345',
    'tel: 0744123456',
    '+0744123456',
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });

  it('tells Romanian mobiles apart', () => {
    expect(isRomanianMobile('0744 123 456')).toBe(true);
    expect(isRomanianMobile('021 312 34 56')).toBe(false);
    expect(isRomanianMobile('+33612345678')).toBe(false);
  });
});
