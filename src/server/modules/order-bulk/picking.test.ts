import { describe, expect, it } from 'vitest';
import { csvCell, pickingListCsv } from './picking.js';

describe('the picking list as CSV', () => {
  it('makes a cell a spreadsheet would run as a formula plain text, and quotes every cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    expect(csvCell('Cană "mare"')).toBe('"Cană ""mare"""');
    expect(csvCell(-3)).toBe('"-3"');
  });

  it('heads the columns in the reader language, one row per SKU', () => {
    const csv = pickingListCsv([{ sku: '=1+1', name: 'Bol', variation: 'Roșu', quantity: 4, orders: 2 }], 'en');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"SKU","Name","Variation","Quantity","Orders"',
      `"'=1+1","Bol","Roșu","4","2"`,
      '',
    ]);
  });
});
