import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatNumber, formatShortDay, parseDay, parseNumber } from './format';

const ok = (value: number | null) => ({ ok: true, value });
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime() / 1000;

describe('parseNumber', () => {
  it('reads a decimal comma and a decimal point as the same number, in both languages', () => {
    for (const lang of ['ro', 'en']) {
      expect(parseNumber('12,50', lang)).toEqual(ok(12.5));
      expect(parseNumber('12.50', lang)).toEqual(ok(12.5));
      expect(parseNumber('1,5', lang, { scale: 3 })).toEqual(ok(1.5));
      expect(parseNumber('0,05', lang)).toEqual(ok(0.05));
      expect(parseNumber(',5', lang)).toEqual(ok(0.5));
      expect(parseNumber('  7 ', lang)).toEqual(ok(7));
      expect(parseNumber('', lang)).toEqual(ok(null));
      expect(parseNumber('   ', lang)).toEqual(ok(null));
    }
  });

  it('reads thousands separators where they cannot be mistaken', () => {
    for (const lang of ['ro', 'en']) {
      expect(parseNumber('1.234,56', lang)).toEqual(ok(1234.56));
      expect(parseNumber('1,234.56', lang)).toEqual(ok(1234.56));
      expect(parseNumber('1.234.567', lang, { scale: 0 })).toEqual(ok(1234567));
      expect(parseNumber('1,234,567', lang, { scale: 0 })).toEqual(ok(1234567));
      expect(parseNumber('1 234,56', lang)).toEqual(ok(1234.56));
      expect(parseNumber('1\u00a0234.56', lang)).toEqual(ok(1234.56));
      expect(parseNumber('12 345', lang, { scale: 0 })).toEqual(ok(12345));
      expect(parseNumber('1.234.567,8', lang)).toEqual(ok(1234567.8));
    }
  });

  it("reads one mark before three digits as the language's decimal mark, and the other as ambiguous", () => {
    expect(parseNumber('1,234', 'ro', { scale: 3 })).toEqual(ok(1.234));
    expect(parseNumber('1.234', 'en', { scale: 3 })).toEqual(ok(1.234));
    expect(parseNumber('1.234', 'ro', { scale: 3 })).toEqual({
      ok: false,
      problem: 'ambiguous',
      whole: '1234',
      decimal: '1,234',
    });
    expect(parseNumber('1,234', 'en')).toEqual({ ok: false, problem: 'ambiguous', whole: '1234', decimal: '1.234' });
    expect(parseNumber('123.456', 'ro', { scale: 0 })).toMatchObject({ ok: false, problem: 'ambiguous' });
    // A leading zero or four digits before the mark cannot be a thousands group.
    expect(parseNumber('0.125', 'ro', { scale: 3 })).toEqual(ok(0.125));
    expect(parseNumber('1234.567', 'ro', { scale: 3 })).toEqual(ok(1234.567));
    // A space as the grouping makes the mark the decimals.
    expect(parseNumber('1 234.567', 'ro', { scale: 3 })).toEqual(ok(1234.567));
  });

  it('refuses anything else instead of changing it into another number', () => {
    for (const lang of ['ro', 'en']) {
      for (const text of [
        '12,5x',
        'abc',
        '1e3',
        '+3',
        '12,',
        '12.',
        '.',
        '1..2',
        '1,,2',
        '1.23,4',
        '12.34.5',
        '1.2.3,4,5',
        '1 23',
        '1.234 567',
        '0x10',
        '12,50 lei',
      ])
        expect(parseNumber(text, lang, { scale: 3 }), text).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('refuses a minus sign unless negatives are allowed', () => {
    expect(parseNumber('-3', 'en')).toEqual({ ok: false, problem: 'negative' });
    expect(parseNumber('-3', 'ro', { allowNegative: true })).toEqual(ok(-3));
    expect(parseNumber('-1.234,5', 'ro', { allowNegative: true })).toEqual(ok(-1234.5));
    expect(parseNumber('\u22122,5', 'ro', { allowNegative: true })).toEqual(ok(-2.5));
  });

  it('refuses more decimals than the field takes, never rounding', () => {
    expect(parseNumber('12,505', 'ro')).toEqual({ ok: false, problem: 'decimals', scale: 2 });
    expect(parseNumber('2.5', 'en', { scale: 0 })).toEqual({ ok: false, problem: 'whole' });
    expect(parseNumber('1,2345', 'ro', { scale: 3 })).toEqual({ ok: false, problem: 'decimals', scale: 3 });
    expect(parseNumber('3', 'ro', { scale: 0 })).toEqual(ok(3));
  });
});

describe('formatNumber', () => {
  it("writes the language's decimal mark and groups", () => {
    expect(formatNumber(12.5, 'ro', { scale: 2, fixed: true })).toBe('12,50');
    expect(formatNumber(12.5, 'en', { scale: 2, fixed: true })).toBe('12.50');
    expect(formatNumber(1234.56, 'ro')).toBe('1.234,56');
    expect(formatNumber(1234.56, 'en')).toBe('1,234.56');
    expect(formatNumber(1234.56, 'ro', { grouping: false })).toBe('1234,56');
    expect(formatNumber(1.5, 'ro', { scale: 3 })).toBe('1,5');
    expect(formatNumber(-2.25, 'ro')).toBe('-2,25');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(Number.NaN, 'en')).toBe('');
  });

  it('reads back what it wrote, in both languages', () => {
    for (const lang of ['ro', 'en'])
      for (const n of [0, 0.5, 12.5, 999.99, 1234.56, 1000000, 4.9868])
        for (const grouping of [true, false])
          expect(parseNumber(formatNumber(n, lang, { grouping }), lang, { scale: 4 })).toEqual(ok(n));
  });
});

describe('dates', () => {
  it('writes Romanian dates as dd.mm.yyyy and English ones day first, both with 24-hour times', () => {
    const t = local(2026, 12, 1, 19, 25);
    expect(formatDate(t, 'ro')).toBe('01.12.2026');
    expect(formatDate(t, 'en')).toBe('1 Dec 2026');
    expect(formatDateTime(t, 'ro')).toBe('01.12.2026, 19:25');
    expect(formatDateTime(t, 'en')).toBe('1 Dec 2026, 19:25');
    expect(formatDateTime(local(2026, 9, 5, 7, 3), 'en')).toBe('5 Sep 2026, 07:03');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDay('2026-12-01', 'ro')).toBe('01.12.2026');
    expect(formatDay('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatDay('', 'en')).toBe('');
    expect(formatShortDay('2026-05-04', 'ro')).toBe('04.05');
    expect(formatShortDay('2026-05-04', 'en')).toBe('4 May');
  });

  it('reads a typed day with the day first', () => {
    for (const text of [
      '01.12.2026',
      '1.12.2026',
      '1/12/2026',
      '1-12-2026',
      '1 Dec 2026',
      '1 dec. 2026',
      '1 December 2026',
      '1 decembrie 2026',
      '2026-12-01',
      '1.12.26',
    ])
      expect(parseDay(text), text).toBe('2026-12-01');
    expect(parseDay('3 ian 2027')).toBe('2027-01-03');
    expect(parseDay('3 iunie 2027')).toBe('2027-06-03');
    expect(parseDay('3 noiembrie 2027')).toBe('2027-11-03');
    expect(parseDay('3 Sept 2027')).toBe('2027-09-03');
    for (const text of ['12/31/2026', '31.02.2026', '2026-13-01', 'tomorrow', '1 Foo 2026', '', '1.12'])
      expect(parseDay(text), text).toBeNull();
  });

  it('writes back what it reads', () => {
    for (const lang of ['ro', 'en']) expect(parseDay(formatDay('2026-02-28', lang))).toBe('2026-02-28');
  });
});
