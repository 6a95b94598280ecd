import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Lang } from '../../../core/messages.js';
import { orderListFilterSchema } from '../../../core/orders/listFilter.js';
import type { ServiceContext } from '../../context.js';
import { readsFor } from '../../db/connection.js';
import { parse } from '../../http/errors.js';
import { bucharestDate, toBucharest } from '../../lib/bucharestTime.js';
import { langMoney } from '../../lib/documentFormat.js';
import { csvStream, xlsxStream, type Cell } from '../../lib/sheet.js';
import { companyName, exportBatches, type ExportRow } from './queries.js';

export const exportFormat = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/**
 * A status in the reader's language, as the console's badges word it (web components/i18n.ts,
 * `common.status`); a code without a label stays as it is. The codes themselves are in columns of
 * their own, last, for programs reading the file whatever its language.
 */
const STATUS_LABELS: Record<Lang, Record<string, string>> = {
  en: {
    new: 'New',
    processing: 'Processing',
    completed: 'Completed',
    cancelled: 'Cancelled',
    created: 'Created',
    pickedUp: 'Picked up',
    inDelivery: 'In delivery',
    delivered: 'Delivered',
    returning: 'Returning',
    order_ready: 'Order ready',
    in_transit: 'In transit',
    refused: 'Refused',
  },
  ro: {
    new: 'Nouă',
    processing: 'În procesare',
    completed: 'Finalizată',
    cancelled: 'Anulată',
    created: 'Creat',
    pickedUp: 'Ridicat',
    inDelivery: 'În livrare',
    delivered: 'Livrat',
    returning: 'În retur',
    order_ready: 'Comandă pregătită',
    in_transit: 'În tranzit',
    refused: 'Refuzat',
  },
};
const statusLabel = (code: string | null, lang: Lang) =>
  code === null ? null : Object.hasOwn(STATUS_LABELS[lang], code) ? STATUS_LABELS[lang][code] : code;

/** The export's columns: the list's, the address, the lines and the totals, in both languages. */
const COLUMNS: { en: string; ro: string; money?: true; cell: (r: ExportRow, lang: Lang) => Cell }[] = [
  { en: 'Order', ro: 'Comandă', cell: (r) => r.id },
  { en: 'Created (Bucharest time)', ro: 'Creată (ora României)', cell: (r) => toBucharest(r.created_at) },
  { en: 'Status', ro: 'Stare', cell: (r, lang) => statusLabel(r.status, lang) },
  { en: 'Customer', ro: 'Client', cell: (r) => r.name },
  { en: 'Phone', ro: 'Telefon', cell: (r) => r.phone_number },
  { en: 'Email', ro: 'Email', cell: (r) => r.email },
  {
    en: 'Flagged customer',
    ro: 'Client semnalat',
    cell: (r, lang) => (r.flagged ? (lang === 'ro' ? 'da' : 'yes') : ''),
  },
  { en: 'County', ro: 'Județ', cell: (r) => r.county },
  { en: 'City', ro: 'Localitate', cell: (r) => r.city },
  { en: 'Street', ro: 'Stradă', cell: (r) => r.street },
  { en: 'Number', ro: 'Număr', cell: (r) => r.street_number },
  { en: 'Postal code', ro: 'Cod poștal', cell: (r) => r.zip_code },
  { en: 'Address', ro: 'Adresă', cell: (r) => r.address },
  { en: 'Source', ro: 'Sursă', cell: (r) => r.source },
  { en: 'Courier', ro: 'Curier', cell: (r) => r.courier },
  { en: 'Courier status', ro: 'Stare curier', cell: (r, lang) => statusLabel(r.courier_status, lang) },
  { en: 'AWB', ro: 'AWB', cell: (r) => r.awb },
  { en: 'Invoice', ro: 'Factură', cell: (r) => r.bill_number },
  {
    en: 'Products',
    ro: 'Produse',
    // A text read by a person, so its prices are written in the reader's language ("19,90 lei").
    cell: (r, lang) =>
      r.lines.map((l) => `${l.quantity} × ${l.sku} ${l.name} (${langMoney(l.price, lang)} lei)`).join('; '),
  },
  { en: 'Value (lei)', ro: 'Valoare (lei)', money: true, cell: (r) => r.value },
  { en: 'Discount (lei)', ro: 'Reducere (lei)', money: true, cell: (r) => r.discount },
  { en: 'Shipping (lei)', ro: 'Transport (lei)', money: true, cell: (r) => r.client_shipping_cost },
  { en: 'Total (lei)', ro: 'Total (lei)', money: true, cell: (r) => r.total_value },
  { en: 'Status code', ro: 'Cod stare', cell: (r) => r.status },
  { en: 'Courier status code', ro: 'Cod stare curier', cell: (r) => r.courier_status },
];

/** Bani as lei with two decimals ("1234.50"), the money columns' form for programs and spreadsheets. */
const lei = (bani: number) => (bani / 100).toFixed(2);

/** A file name's part: letters and digits of the company's name, diacritics dropped. */
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'company';

export interface OrderExport {
  fileName: string;
  contentType: string;
  body: Readable;
}

/**
 * `GET /api/v1/order/export`: the filtered list as CSV or XLSX, written as it is read (one batch
 * of orders in memory), newest first. Money is in lei with two decimals (a number in XLSX, shown
 * as 0.00; text in CSV), times in Bucharest, the headers in the request's language, and every
 * text that a spreadsheet would run as a formula is escaped (lib/sheet.ts).
 */
export async function exportOrders(ctx: ServiceContext, query: unknown): Promise<OrderExport> {
  const filter = parse(orderListFilterSchema, query);
  const { format } = parse(exportFormat, query);
  const name = await companyName(ctx.db.kysely, ctx.companyId);
  const header = COLUMNS.map((c) => c[ctx.lang]);
  const lang = ctx.lang;
  const money = new Set(COLUMNS.flatMap((c, i) => (c.money ? [i] : [])));
  async function* rows(): AsyncGenerator<Cell[][]> {
    // The batches run on the main connection, not in SQLite's read pool: each is a short keyset read
    // (other requests are served between them), and rows copied between threads for 100,000 orders
    // grew the server's memory by 60–110 MB (the reader threads' heaps and the copies' garbage)
    // against under 5 MB read here (bench/README.md, "Export memory"). A search's ids stay in the pool.
    const batches = exportBatches(readsFor(ctx.db, false), ctx.db.engine, ctx.companyId, filter, {
      searchExec: readsFor(ctx.db, true),
    });
    for await (const batch of batches)
      yield batch.map((r) =>
        COLUMNS.map((c) => {
          const v = c.cell(r, lang);
          if (!c.money) return v;
          return format === 'csv' ? lei(Number(v)) : Number(lei(Number(v)));
        }),
      );
  }
  const base = `${lang === 'ro' ? 'comenzi' : 'orders'}-${slug(name)}-${bucharestDate(ctx.now)}`;
  return format === 'csv'
    ? {
        fileName: `${base}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: Readable.from(csvStream(header, rows())),
      }
    : {
        fileName: `${base}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: Readable.from(xlsxStream(lang === 'ro' ? 'Comenzi' : 'Orders', header, rows(), money)),
      };
}
