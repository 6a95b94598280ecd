import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdfText.js';
import { documentDateTime, langMoney, roDay, roMoney, roNumber } from '../documentFormat.js';
import { awbLabelPdf, invoicePdf, pickingListPdf, type InvoiceDocument } from './documents.js';

describe('the Romanian forms of a document’s numbers and days', () => {
  it('groups thousands with a point and writes decimals after a comma', () => {
    expect(roMoney(69234)).toBe('692,34');
    expect(roMoney(123456)).toBe('1.234,56');
    expect(roMoney(-123456789)).toBe('-1.234.567,89');
    expect(roMoney(5)).toBe('0,05');
    expect(roMoney(-0)).toBe('0,00');
    expect(roNumber(4.9868, 4)).toBe('4,9868');
    expect(roNumber(1234.5, 2)).toBe('1.234,50');
    expect(roNumber(1000, 0)).toBe('1.000');
    expect(roNumber(-0.001, 2)).toBe('0,00');
    expect(langMoney(123456, 'ro')).toBe('1.234,56');
    expect(langMoney(-123456789, 'en')).toBe('-1,234,567.89');
    expect(langMoney(1250, 'en')).toBe('12.50');
    expect(roDay('2026-12-01')).toBe('01.12.2026');
    expect(roDay('2026-12-01T10:00:00.000Z')).toBe('01.12.2026');
  });

  it('writes a moment in Bucharest time, day before month, 24 hours, in each language', () => {
    const at = Date.UTC(2026, 11, 1, 17, 25) / 1000; // 19:25 in Bucharest (UTC+2 in winter)
    expect(documentDateTime(at, 'ro')).toBe('01.12.2026, 19:25');
    expect(documentDateTime(at, 'en')).toBe('1 Dec 2026, 19:25');
  });
});

const storno: InvoiceDocument = {
  title: 'FACTURĂ STORNO',
  series: 'FCT',
  number: '0002',
  issueDate: '2026-12-01',
  dueDate: '2026-12-15',
  currency: 'RON',
  seller: {
    name: 'Casa Verde Distribuție SRL',
    vatCode: 'RO14399840',
    lines: ['Str. Florilor 1', 'Cluj-Napoca, Cluj'],
  },
  client: { name: 'Ion Popescu', lines: [] },
  lines: [
    {
      name: 'Ghiveci',
      unit: 'buc',
      quantity: -2,
      unitNetBani: 58180,
      vatPercentage: 19,
      netBani: -116360,
      vatBani: -22108,
    },
  ],
  totalNetBani: -116360,
  totalVatBani: -22108,
  totalBani: -138468,
  mentions: 'Factura storno pentru FCT 0001. Curs BNR din 25.11.2026: 1 EUR = 4,9868 RON (GHIV 167,99 EUR)',
};

describe('documents', () => {
  it('an invoice (a storno too) writes every amount and its days in the Romanian form, as its mentions do', async () => {
    const text = pdfText(await invoicePdf(storno));
    expect(text).toContain('Data emiterii: 01.12.2026    Scadență: 15.12.2026');
    expect(text).toContain('581,80');
    expect(text).toContain('-1.163,60');
    expect(text).toContain('-221,08 (19%)');
    expect(text).toContain('-1.384,68 RON');
    expect(text).toContain('4,9868 RON');
    expect(text).toContain('Factura storno pentru FCT 0001');
    // No amount left in the English form (a point before two decimals).
    expect(text).not.toMatch(/\d\.\d{2}(?![\d.])/);
  });

  it('a courier label writes its day, weight and cash on delivery in the Romanian form', async () => {
    const text = pdfText(
      await awbLabelPdf({
        courier: 'Sameday',
        awbNumber: '1ONB24000001',
        service: 'Standard',
        createdAt: new Date(Date.UTC(2026, 11, 1, 10)),
        sender: { name: 'Casa Verde', lines: [] },
        recipient: { name: 'Ion Popescu', lines: [] },
        parcels: 1,
        weightKg: 1.5,
        cod: `${roMoney(119990)} RON`,
        content: 'Ghiveci',
        reference: null,
        format: 'A6',
      }),
    );
    expect(text).toContain('01.12.2026');
    expect(text).toContain('Greutate / weight: 1,50 kg');
    expect(text.replace(/\s+/g, ' ')).toContain('RAMBURS / COD: 1.199,90 RON');
  });

  it('a picking list writes its counts in the Romanian form', async () => {
    const text = pdfText(
      await pickingListPdf({
        title: 'Listă de colectare',
        headings: ['SKU', 'Denumire', 'Variație', 'Cantitate', 'Comenzi'],
        lines: [{ sku: 'GHIV', name: 'Ghiveci', variation: '', quantity: 1200, orders: 3 }],
        footer: '1 comandă, 1 produs.',
      }),
    );
    expect(text).toContain('1.200');
    expect(text).toContain('1 comandă, 1 produs.');
  });
});
