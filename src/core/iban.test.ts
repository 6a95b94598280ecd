import { describe, expect, it } from 'vitest';
import { formatIban, ibanCheckDigits, ibanLength, ibanProblem, isValidIban, normalizeIban } from './iban.js';

describe('IBAN check', () => {
  it.each([
    ['RO49AAAA1B31007593840000', 'Romania (registry example)'],
    ['RO66BACX0000001234567890', 'Romania, UniCredit'],
    ['DE89370400440532013000', 'Germany'],
    ['GB82WEST12345698765432', 'United Kingdom'],
    ['FR1420041010050500013M02606', 'France'],
    ['NL91ABNA0417164300', 'Netherlands'],
    ['BE68539007547034', 'Belgium'],
    ['NO9386011117947', 'Norway (shortest)'],
    ['MT84MALT011000012345MTLCAST001S', 'Malta (longest)'],
  ])('accepts %s (%s)', (iban) => {
    expect(ibanProblem(iban)).toBeNull();
    expect(isValidIban(iban)).toBe(true);
  });

  it('refuses wrong check digits', () => {
    expect(ibanProblem('RO48AAAA1B31007593840000')).toBe('checksum');
    expect(ibanProblem('DE88370400440532013000')).toBe('checksum');
    expect(ibanProblem('GB82WEST12345698765433')).toBe('checksum');
  });

  it('refuses check digits outside 02..98 even when the remainder fits', () => {
    // 00, 01 and 99 are never issued.
    expect(ibanProblem('RO00AAAA1B31007593840000')).toBe('checksum');
    expect(ibanProblem('RO99AAAA1B31007593840000')).toBe('checksum');
  });

  it('refuses a wrong length for the country', () => {
    expect(ibanProblem('RO49AAAA1B3100759384000')).toBe('length');
    expect(ibanProblem('RO49AAAA1B310075938400001')).toBe('length');
    expect(ibanProblem('DE8937040044053201300')).toBe('length');
  });

  it('refuses a BBAN that breaks the country format', () => {
    // Romanian bank code must be four letters; German BBAN is all digits.
    const roBban = '1AAA1B31007593840000';
    expect(ibanProblem(`RO${ibanCheckDigits('RO', roBban)}${roBban}`)).toBe('bban');
    const deBban = '37040044053201300A';
    expect(ibanProblem(`DE${ibanCheckDigits('DE', deBban)}${deBban}`)).toBe('bban');
  });

  it('refuses unknown countries and garbage', () => {
    expect(ibanProblem('XX49AAAA1B31007593840000')).toBe('country');
    expect(ibanProblem('')).toBe('format');
    expect(ibanProblem('RO4')).toBe('format');
    expect(ibanProblem('ROXXAAAA1B31007593840000')).toBe('format');
    expect(ibanProblem('RO49AAAA1B3100759384000!')).toBe('format');
  });

  it('accepts spaces and lower case, and normalises them away', () => {
    expect(isValidIban('ro49 aaaa 1b31 0075 9384 0000')).toBe(true);
    expect(isValidIban('  GB82 WEST 1234 5698 7654 32 ')).toBe(true);
    expect(normalizeIban('ro49 aaaa 1b31 0075 9384 0000')).toBe('RO49AAAA1B31007593840000');
  });

  it('formats in groups of four', () => {
    expect(formatIban('RO49AAAA1B31007593840000')).toBe('RO49 AAAA 1B31 0075 9384 0000');
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('')).toBe('');
  });

  it('computes check digits that validate', () => {
    expect(ibanCheckDigits('RO', 'AAAA1B31007593840000')).toBe('49');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    for (const bban of ['BTRL01301202925690XX', 'RNCB0082044523580001', 'INGB0000999901234567']) {
      expect(isValidIban(`RO${ibanCheckDigits('RO', bban)}${bban}`)).toBe(true);
    }
  });

  it('knows the registry lengths of the SEPA countries', () => {
    const lengths: Record<string, number> = {
      AD: 24,
      AT: 20,
      BE: 16,
      BG: 22,
      CH: 21,
      CY: 28,
      CZ: 24,
      DE: 22,
      DK: 18,
      EE: 20,
      ES: 24,
      FI: 18,
      FR: 27,
      GB: 22,
      GI: 23,
      GR: 27,
      HR: 21,
      HU: 28,
      IE: 22,
      IS: 26,
      IT: 27,
      LI: 21,
      LT: 20,
      LU: 20,
      LV: 21,
      MC: 27,
      MT: 31,
      NL: 18,
      NO: 15,
      PL: 28,
      PT: 25,
      RO: 24,
      SE: 24,
      SI: 19,
      SK: 24,
      SM: 27,
      VA: 22,
      MD: 24,
    };
    for (const [country, length] of Object.entries(lengths))
      expect([country, ibanLength(country)]).toEqual([country, length]);
  });
});
