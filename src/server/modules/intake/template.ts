import { importTemplateQuery } from '../../../core/api/intake.js';
import type { ServiceContext } from '../../context.js';
import { parse } from '../../http/errors.js';
import { csvStream, xlsxStream, type Cell } from '../../lib/sheet.js';

/**
 * The import's template (`GET /api/v1/intake/import/template`): the columns as the import reads
 * them, in the reader's language (Romanian headers for a Romanian reader: the import takes both),
 * and two orders as examples, the second of two lines. Written by lib/sheet.ts, as the orders
 * export is.
 */
const COLUMNS: { en: string; ro: string; example: [Cell, Cell, Cell] }[] = [
  { en: 'order_number', ro: 'numar_comanda', example: ['1001', '1002', '1002'] },
  { en: 'customer_name', ro: 'nume_client', example: ['Ioana Popescu', 'Andrei Ionescu', 'Andrei Ionescu'] },
  { en: 'phone_number', ro: 'telefon', example: ['0744 123 456', '0722 987 654', '0722 987 654'] },
  { en: 'email', ro: 'email', example: ['ioana@example.ro', '', ''] },
  { en: 'county', ro: 'judet', example: ['Cluj', 'București', 'București'] },
  { en: 'city', ro: 'localitate', example: ['Cluj-Napoca', 'Sector 1', 'Sector 1'] },
  { en: 'street', ro: 'strada', example: ['Str. Memorandumului', 'Calea Victoriei', 'Calea Victoriei'] },
  { en: 'number', ro: 'numar', example: ['28', '100', '100'] },
  { en: 'sku', ro: 'sku', example: ['CANA-1', 'BOL-2', 'CANA-1'] },
  { en: 'quantity', ro: 'cantitate', example: ['1', '2', '1'] },
  { en: 'unit_price', ro: 'pret_unitar', example: ['49.90', '', ''] },
  { en: 'shipping_cost', ro: 'cost_livrare', example: ['19.99', '', ''] },
  { en: 'payment_method', ro: 'metoda_plata', example: ['cash_on_delivery', 'card', 'card'] },
  { en: 'currency', ro: 'moneda', example: ['RON', '', ''] },
  { en: 'notes', ro: 'observatii', example: ['Sunați înainte.', '', ''] },
];

export interface TemplateFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

async function collect(parts: AsyncGenerator<Buffer>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const p of parts) out.push(p);
  return Buffer.concat(out);
}

export async function importTemplate(ctx: ServiceContext, query: unknown): Promise<TemplateFile> {
  const { format } = parse(importTemplateQuery, query);
  const header = COLUMNS.map((c) => c[ctx.lang]);
  const rows = [0, 1, 2].map((i) => COLUMNS.map((c) => c.example[i]));
  async function* batches(): AsyncGenerator<Cell[][]> {
    yield rows;
  }
  const base = ctx.lang === 'ro' ? 'import-comenzi' : 'order-import';
  return format === 'xlsx'
    ? {
        fileName: `${base}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await collect(xlsxStream(ctx.lang === 'ro' ? 'Comenzi' : 'Orders', header, batches(), new Set())),
      }
    : {
        fileName: `${base}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: await collect(csvStream(header, batches())),
      };
}
