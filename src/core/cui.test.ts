import { describe, expect, it } from 'vitest';
import { isValidCui, normalizeCui } from './cui.js';

describe('CUI check', () => {
  it('accepts real tax ids with or without RO and spaces', () => {
    expect(isValidCui('14399840')).toBe(true);
    expect(isValidCui('RO14399840')).toBe(true);
    expect(isValidCui('ro 14399840')).toBe(true);
    expect(isValidCui('18547290')).toBe(true);
  });
  it('refuses a wrong control digit', () => {
    expect(isValidCui('14399841')).toBe(false);
    expect(isValidCui('RO18547291')).toBe(false);
  });
  it('refuses text, too short and too long values', () => {
    expect(isValidCui('')).toBe(false);
    expect(isValidCui('RO')).toBe(false);
    expect(isValidCui('1')).toBe(false);
    expect(isValidCui('12345678901')).toBe(false);
    expect(isValidCui('ABC12345')).toBe(false);
  });
  it('normalises case and spaces', () => {
    expect(normalizeCui(' ro 1439 9840 ')).toBe('RO14399840');
  });
});
