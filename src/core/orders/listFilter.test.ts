import { describe, expect, it } from 'vitest';
import { filterParams, isDay, narrows, nextDay, orderListFilterSchema, orderListQuery } from './listFilter';
import { fieldErrors } from '../validation';

describe('the order list filter', () => {
  it('reads the query text into typed values; empty is no filter', () => {
    const f = orderListFilterSchema.parse({
      search: ' Pop ',
      courier: 'dpd',
      source: '12',
      has_awb: '0',
      has_invoice: '1',
      flagged: '',
      created_from: '2026-01-31',
    });
    expect(f).toEqual({
      search: 'Pop',
      courier: 'dpd',
      source: 12,
      has_awb: false,
      has_invoice: true,
      created_from: '2026-01-31',
    });
    expect(filterParams(f)).toEqual({
      search: 'Pop',
      courier: 'dpd',
      source: '12',
      has_awb: '0',
      has_invoice: '1',
      created_from: '2026-01-31',
    });
    expect(narrows(orderListFilterSchema.parse({ status: 'new' }))).toBe(false);
    expect(narrows(orderListFilterSchema.parse({ flagged: '0' }))).toBe(true);
    expect(orderListQuery.parse({ page: '2', courier: 'cargus' })).toMatchObject({
      page: 2,
      items: 10,
      courier: 'cargus',
    });
  });

  it('reads a JSON body the same: its numbers and yes/no values mean what their text means', () => {
    const typed = { search: 1042, source: 5, has_awb: true, has_invoice: false, flagged: 1 };
    const text = { search: '1042', source: '5', has_awb: '1', has_invoice: '0', flagged: '1' };
    expect(orderListFilterSchema.parse(typed)).toEqual(orderListFilterSchema.parse(text));
    expect(orderListFilterSchema.parse(typed)).toEqual({
      search: '1042',
      source: 5,
      has_awb: true,
      has_invoice: false,
      flagged: true,
    });
    // A number is still checked as its text is; a yes/no is no source.
    const r = orderListFilterSchema.safeParse({ source: 2.5, has_awb: 2, status: 3, courier: true });
    expect(Object.keys(fieldErrors(r.error!, 'en')).sort()).toEqual(['courier', 'has_awb', 'source', 'status']);
    expect(Object.keys(fieldErrors(orderListFilterSchema.safeParse({ source: true }).error!, 'en'))).toEqual([
      'source',
    ]);
  });

  it('refuses each unknown value on its own field, in both languages', () => {
    const r = orderListFilterSchema.safeParse({
      courier: 'gls',
      has_awb: 'yes',
      source: '0',
      created_to: '2026-13-01',
    });
    expect(r.success).toBe(false);
    const en = fieldErrors(r.error!, 'en');
    expect(Object.keys(en).sort()).toEqual(['courier', 'created_to', 'has_awb', 'source']);
    expect(en.created_to).toEqual(['Enter a date as YYYY-MM-DD.']);
    expect(fieldErrors(r.error!, 'ro').courier).toEqual(['Alegeți una dintre: cargus, sameday, dpd, fan.']);
    const range = orderListFilterSchema.safeParse({ created_from: '2026-03-02', created_to: '2026-03-01' });
    expect(fieldErrors(range.error!, 'ro').created_to).toEqual([
      'Data de sfârșit nu poate fi înaintea datei de început.',
    ]);
  });

  it('knows calendar days', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-2-01')).toBe(false);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2026-03-29')).toBe('2026-03-30');
  });
});
