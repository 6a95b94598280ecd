import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdfText.js';
import { csvCell, pickingListCsv, pickingListFile } from './picking.js';

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

describe('the picking list as PDF', () => {
  const line = { sku: 'BOL', name: 'Bol', variation: '', quantity: 4, orders: 1 };
  // 19:25 in Bucharest on 1 December 2026.
  const at = Date.UTC(2026, 11, 1, 17, 25) / 1000;
  const footer = async (orders: number, lines: number, lang: 'en' | 'ro') =>
    pdfText(
      await pickingListFile(
        Array.from({ length: lines }, () => line),
        orders,
        lang,
        at,
      ),
    )
      .split('\n')
      .at(-1);

  it('counts orders and products with the plural forms of each language, and dates as the console does', async () => {
    expect(await footer(1, 1, 'en')).toBe('1 order, 1 product. Made on 1 Dec 2026, 19:25.');
    expect(await footer(2, 3, 'en')).toBe('2 orders, 3 products. Made on 1 Dec 2026, 19:25.');
    expect(await footer(1, 1, 'ro')).toBe('1 comandă, 1 produs. Făcută la 01.12.2026, 19:25.');
    expect(await footer(19, 2, 'ro')).toBe('19 comenzi, 2 produse. Făcută la 01.12.2026, 19:25.');
    expect(await footer(20, 21, 'ro')).toBe('20 de comenzi, 21 de produse. Făcută la 01.12.2026, 19:25.');
  });
});
