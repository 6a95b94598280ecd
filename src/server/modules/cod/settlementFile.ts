import { toBani } from '../../../core/money.js';
import { MAX_MONEY_BANI } from '../../../core/validation.js';
import { FieldProblems } from '../../http/errors.js';
import { readSpreadsheet, SpreadsheetRefused, type Cell } from '../../lib/sheetImport.js';

/**
 * A courier's settlement file read into rows: CSV (comma, semicolon or tab, as Excel in Romanian
 * saves it with `;`) or XLSX (the first sheet). The header row names the columns, in English
 * (`awb, amount, date, reference`, optional `fee`) or as the couriers write them in Romanian
 * (`Nr. AWB`, `Valoare ramburs`, `Data plată`, `Nr. OP`, `Comision`…): headers are compared
 * without case, diacritics or punctuation.
 */

export interface SettlementRow {
  line: number;
  awb: string | null;
  amountBani: number | null;
  feeBani: number | null;
  date: string | null;
  reference: string | null;
  /** The first thing that could not be read (a message key), or null. */
  problem: string | null;
  /** The text of the cell that could not be read, when there was one (the answer echoes its start only). */
  problemText: string | null;
}

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 20_000;
/**
 * The longest cell a settlement row may have in a column it is read from: an AWB, an amount, a day
 * or a payment order number is a few dozen characters, so a longer cell is not one of them and its
 * row is unreadable (never saved nor echoed whole).
 */
export const MAX_CELL_CHARS = 500;
/** The longest payment reference kept (`cod_settlements.reference`): a longer one is unreadable, never cut. */
export const MAX_REFERENCE_CHARS = 100;

type Column = 'awb' | 'amount' | 'date' | 'reference' | 'fee';

/** Header names by column, normalised (lower case, no diacritics, words separated by one space). */
const HEADERS: Record<Column, string[]> = {
  awb: [
    'awb',
    'nr awb',
    'numar awb',
    'awb number',
    'barcode',
    'bar code',
    'cod bare',
    'numar expeditie',
    'nr expeditie',
    'expeditie',
    'shipment id',
    'colet',
  ],
  amount: [
    'amount',
    'suma',
    'suma ramburs',
    'valoare ramburs',
    'ramburs',
    'valoare',
    'suma platita',
    'suma virata',
    'suma achitata',
    'repayment value',
    'paid',
  ],
  date: [
    'date',
    'data',
    'data plata',
    'data platii',
    'data virament',
    'data viramentului',
    'data decont',
    'data op',
    'payment date',
    'paid on',
  ],
  reference: [
    'reference',
    'referinta',
    'referinta plata',
    'nr op',
    'numar op',
    'op',
    'ordin de plata',
    'nr ordin de plata',
    'document',
    'nr document',
    'numar document',
    'payment reference',
    'nr decont',
    'decont',
  ],
  fee: ['fee', 'comision', 'comision ramburs', 'taxa', 'taxa ramburs', 'fees'],
};

const REQUIRED: Column[] = ['awb', 'amount', 'date', 'reference'];

/** Lower case, diacritics (comma and cedilla forms) and punctuation removed, spaces collapsed. */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[şș]/gi, 's')
    .replace(/[ţț]/gi, 't')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The rows of a file (cells as read), header first, read under the spreadsheet guard
 * (lib/sheetImport.ts); 422 on `file` when it cannot be read or holds more than it may. The sheet
 * may hold a few rows more than MAX_ROWS (a title above the header, blank rows), which
 * `settlementRows` does not count.
 */
export async function readTable(bytes: Buffer, filename: string): Promise<Cell[][]> {
  try {
    return await readSpreadsheet(bytes, filename, { maxRows: MAX_ROWS + 1000 });
  } catch (err) {
    if (err instanceof SpreadsheetRefused)
      throw err.key === 'sheet_rows'
        ? FieldProblems.one('file', 'cod_file_rows')
        : FieldProblems.one('file', err.key, err.params);
    throw err;
  }
}

const isBlank = (c: Cell) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/**
 * The settlement rows of a table: the header row (the first row naming every required column,
 * so a title line above it is skipped) maps the columns; each row after it is read on its own,
 * and a row that cannot be read says why instead of stopping the file. Blank rows are skipped.
 */
export function settlementRows(table: Cell[][]): SettlementRow[] {
  let headerAt = -1;
  let columns: Partial<Record<Column, number>> = {};
  let bestMissing: Column[] = REQUIRED;
  for (let r = 0; r < Math.min(table.length, 10); r++) {
    const found: Partial<Record<Column, number>> = {};
    table[r].forEach((cell, i) => {
      const text = String(cell ?? '');
      // A header is a few words: a long cell is data (or a very long title), never a column's name.
      if (text.length > 100) return;
      const name = normaliseHeader(text);
      for (const col of Object.keys(HEADERS) as Column[])
        if (found[col] === undefined && HEADERS[col].includes(name)) found[col] = i;
    });
    const missing = REQUIRED.filter((c) => found[c] === undefined);
    if (missing.length === 0) {
      headerAt = r;
      columns = found;
      break;
    }
    if (missing.length < bestMissing.length) bestMissing = missing;
  }
  if (headerAt < 0) throw FieldProblems.one('file', 'cod_file_columns', { columns: bestMissing.join(', ') });
  const rows: SettlementRow[] = [];
  for (let r = headerAt + 1; r < table.length; r++) {
    const cells = table[r];
    if (cells.every(isBlank)) continue;
    const at = (c: Column) => (columns[c] === undefined ? undefined : cells[columns[c]!]);
    const row: SettlementRow = {
      line: r + 1,
      awb: textOf(at('awb')),
      amountBani: null,
      feeBani: null,
      date: null,
      reference: textOf(at('reference')),
      problem: null,
      problemText: null,
    };
    const unread = (problem: string, cell?: Cell) => {
      row.problem = problem;
      row.problemText = isBlank(cell) ? null : rawText(cell);
    };
    const tooLong = (Object.keys(HEADERS) as Column[]).find((c) => rawText(at(c)).length > MAX_CELL_CHARS);
    if (tooLong) unread('cod_row_too_long', at(tooLong));
    else {
      const amount = moneyOf(at('amount'));
      const fee = columns.fee === undefined || isBlank(at('fee')) ? 0 : moneyOf(at('fee'));
      const date = dateOf(at('date'));
      row.amountBani = amount;
      row.feeBani = fee;
      row.date = date;
      if (!row.awb) unread('cod_row_awb');
      else if (amount === null) unread('cod_row_amount', at('amount'));
      else if (fee === null) unread('cod_row_fee', at('fee'));
      else if (date === null) unread('cod_row_date', at('date'));
      else if (!row.reference) unread('cod_row_reference');
      else if (row.reference.length > MAX_REFERENCE_CHARS) unread('cod_row_reference_long', at('reference'));
    }
    rows.push(row);
    if (rows.length > MAX_ROWS) throw FieldProblems.one('file', 'cod_file_rows');
  }
  if (rows.length === 0) throw FieldProblems.one('file', 'cod_file_empty');
  return rows;
}

/** A cell as the file wrote it (a date as ISO text), '' for none. */
function rawText(c: Cell): string {
  if (c === null || c === undefined) return '';
  return c instanceof Date ? (Number.isNaN(c.getTime()) ? '' : c.toISOString()) : String(c);
}

function textOf(c: Cell): string | null {
  if (isBlank(c)) return null;
  // A number cell of an AWB (Excel keeps digits as a number) is written back without a decimal point.
  const t = (typeof c === 'number' ? String(Math.trunc(c)) : rawText(c)).trim();
  return t === '' ? null : t;
}

/**
 * Lei as written in a report: `1234.56`, `1234,56`, `1.234,56` (Romanian thousands), `1,234.56`,
 * with or without "lei"/"RON"; at most two decimals, not negative, at most the largest amount the
 * console keeps (MAX_MONEY_BANI). Null when it is none of these.
 */
export function moneyOf(c: Cell): number | null {
  const bani = baniOf(c);
  return bani === null || bani > MAX_MONEY_BANI ? null : bani;
}

function baniOf(c: Cell): number | null {
  if (typeof c === 'number') {
    if (!Number.isFinite(c) || c < 0 || Math.abs(Math.round(c * 100) - c * 100) > 1e-6) return null;
    return Math.round(c * 100);
  }
  if (typeof c !== 'string') return null;
  let s = c
    .trim()
    .replace(/\s*(lei|ron)\.?$/i, '')
    .replace(/[\s\u00a0]/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) s = s.replace(/,/g, '');
  if (!/^\d+([.,]\d{1,2})?$/.test(s)) return null;
  return toBani(s);
}

/** A day as written in a report (`2026-11-20`, `20.11.2026`, `20/11/2026`) or an Excel date; YYYY-MM-DD. */
export function dateOf(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString().slice(0, 10);
  if (typeof c !== 'string') return null;
  const s = c.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?: .*)?$/.exec(s);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso ? null : iso;
}
