import {
  IMPORT_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  type ImportColumn,
  type IntakeOrderInput,
} from '../../../core/api/intake.js';
import { foldForSearch } from '../../../core/geo/text.js';
import type { Cell } from '../../lib/sheetImport.js';

/**
 * An order import's file read into orders: the header row names the columns (IMPORT_COLUMNS, in
 * English or Romanian, compared without case, diacritics, spaces or punctuation), each row after it
 * is one line of an order, and the rows with the same order number are one order, in the file's
 * order. An optional cell left empty takes the push's default (RON, cash on delivery, the
 * catalogue's price, the company's shipping cost); an order-level cell written differently on two
 * rows of one order is a problem of that order, not a guess.
 */

/** One row as read: its number in the file (the header is row 1 when it is the first) and its cells by column. */
export interface ImportRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

/** The rows of one order (or one row without an order number), and the push body they make. */
export interface ImportGroup {
  externalId: string | null;
  rows: ImportRow[];
}

/** A header as compared: folded, words joined by `_` (`Număr comandă` → `numar_comanda`). */
export const headerKey = (text: string) =>
  foldForSearch(text)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

const ALIASES = new Map<string, ImportColumn>(
  (Object.entries(IMPORT_COLUMNS) as [ImportColumn, readonly string[]][]).flatMap(([col, names]) =>
    names.map((n) => [headerKey(n), col] as const),
  ),
);

/** A cell as text, as a person reads it in the sheet (a number as written, a date as its day). */
function textOf(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? '' : c.toISOString().slice(0, 10);
  if (typeof c === 'number') return Number.isInteger(c) ? String(c) : String(Number(c.toFixed(6)));
  return String(c).trim();
}

/** The longest cell an import reads (a street, notes); a longer one is cut (its field's check then speaks). */
const MAX_CELL = 2000;

export type HeaderProblem = { missing: ImportColumn[] };

/**
 * The header row (the first of the first ten rows naming every required column) and the rows
 * after it, blank rows skipped; or the required columns the best candidate lacks.
 */
export function importRows(table: Cell[][]): { rows: ImportRow[] } | HeaderProblem {
  let best: { at: number; columns: Map<number, ImportColumn>; missing: ImportColumn[] } | null = null;
  for (let r = 0; r < Math.min(table.length, 10); r++) {
    const columns = new Map<number, ImportColumn>();
    table[r].forEach((cell, i) => {
      const text = textOf(cell);
      if (text.length > 100) return;
      const col = ALIASES.get(headerKey(text));
      if (col && ![...columns.values()].includes(col)) columns.set(i, col);
    });
    const found = new Set(columns.values());
    const missing = REQUIRED_IMPORT_COLUMNS.filter((c) => !found.has(c));
    if (!best || missing.length < best.missing.length) best = { at: r, columns, missing };
    if (missing.length === 0) break;
  }
  if (!best || best.missing.length) return { missing: best?.missing ?? [...REQUIRED_IMPORT_COLUMNS] };
  const rows: ImportRow[] = [];
  for (let r = best.at + 1; r < table.length; r++) {
    const cells: Partial<Record<ImportColumn, string>> = {};
    let any = false;
    for (const [i, col] of best.columns) {
      const text = textOf(table[r][i]).slice(0, MAX_CELL);
      if (text) {
        cells[col] = text;
        any = true;
      }
    }
    if (any) rows.push({ row: r + 1, cells });
  }
  return { rows };
}

/** The rows grouped by order number, in the order the file first names each; a row without one stands alone. */
export function groupRows(rows: ImportRow[]): ImportGroup[] {
  const groups: ImportGroup[] = [];
  const byNumber = new Map<string, ImportGroup>();
  for (const row of rows) {
    const number = row.cells.order_number?.trim() ?? '';
    if (!number) {
      groups.push({ externalId: null, rows: [row] });
      continue;
    }
    let g = byNumber.get(number);
    if (!g) {
      g = { externalId: number, rows: [] };
      byNumber.set(number, g);
      groups.push(g);
    }
    g.rows.push(row);
  }
  return groups;
}

/** The columns of the order itself (the same on every row of it); the others are the line's. */
const ORDER_COLUMNS = [
  'customer_name',
  'phone_number',
  'email',
  'county',
  'city',
  'street',
  'number',
  'zip_code',
  'block',
  'staircase',
  'apartment',
  'shipping_cost',
  'payment_method',
  'currency',
  'notes',
] as const satisfies readonly ImportColumn[];

/**
 * The push body an order's rows make (for intakeOrderBody to check), and the order-level columns
 * its rows write differently. The order's cells are the first non-empty of its rows.
 */
export function bodyOfGroup(g: ImportGroup): { body: IntakeOrderInput; disagree: ImportColumn[] } {
  const disagree: ImportColumn[] = [];
  const first: Partial<Record<ImportColumn, string>> = {};
  for (const col of ORDER_COLUMNS) {
    const values = [...new Set(g.rows.map((r) => r.cells[col]).filter((v): v is string => !!v))];
    if (values.length > 1) disagree.push(col);
    if (values.length) first[col] = values[0];
  }
  const cell = (col: ImportColumn) => first[col] ?? '';
  const optional = (col: ImportColumn) => first[col] || undefined;
  return {
    body: {
      external_id: g.externalId ?? '',
      customer: { name: cell('customer_name'), phone_number: cell('phone_number'), email: optional('email') },
      shipping_address: {
        county: cell('county'),
        city: cell('city'),
        street: cell('street'),
        number: cell('number'),
        zip_code: optional('zip_code'),
        block: optional('block'),
        staircase: optional('staircase'),
        apartment: optional('apartment'),
      },
      lines: g.rows.map((r) => ({
        sku: r.cells.sku ?? '',
        quantity: r.cells.quantity ?? '',
        unit_price: r.cells.unit_price || undefined,
      })),
      currency: optional('currency'),
      shipping_cost: optional('shipping_cost'),
      payment_method: optional('payment_method'),
      notes: optional('notes'),
    } as IntakeOrderInput,
    disagree,
  };
}

/** The file's rows of an issue's field: a line's row (`lines.2.sku`), else every row of the order. */
export function rowsOfField(g: ImportGroup, field: string | undefined): number[] {
  const line = /^lines\.(\d+)\./.exec(field ?? '');
  if (line && g.rows[Number(line[1])]) return [g.rows[Number(line[1])].row];
  return g.rows.map((r) => r.row);
}

/** The column an issue's field comes from, as the file heads it in English (`customer.phone_number` → `phone_number`). */
export function columnOfField(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const last = field.split('.').pop()!;
  if (field === 'customer.name') return 'customer_name';
  if (field === 'external_id') return 'order_number';
  return last;
}
