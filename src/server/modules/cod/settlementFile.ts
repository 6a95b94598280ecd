import { toBani } from '../../../core/money.js';
import { FieldProblems } from '../../http/errors.js';
import { readXlsxRows, type Cell } from './xlsx.js';

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
}

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 20_000;

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

function looksLikeXlsx(bytes: Buffer): boolean {
  // An XLSX is a ZIP archive: it starts with "PK\x03\x04".
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The rows of a file (cells as read), header first; 422 on `file` when it is neither CSV nor XLSX. */
export async function readTable(bytes: Buffer, filename: string): Promise<Cell[][]> {
  const name = filename.toLowerCase();
  if (looksLikeXlsx(bytes)) {
    try {
      return await readXlsxRows(bytes);
    } catch {
      throw FieldProblems.one('file', 'cod_file_unreadable');
    }
  }
  if (name.endsWith('.xlsx') || name.endsWith('.xls')) throw FieldProblems.one('file', 'cod_file_unreadable');
  let text = bytes.toString('utf8');
  // Text that is not UTF-8 (Excel's Windows-1250 export) shows replacement characters: read it as Latin-2's cousin.
  if (text.includes('\ufffd')) text = new TextDecoder('windows-1250').decode(bytes);
  if (text.includes('\u0000')) throw FieldProblems.one('file', 'cod_file_type');
  return parseCsv(text.replace(/^\ufeff/, ''));
}

/** RFC 4180 CSV with the delimiter guessed from the header line (`,`, `;` or tab). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
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
      const name = normaliseHeader(String(cell ?? ''));
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
    };
    const amount = moneyOf(at('amount'));
    const fee = columns.fee === undefined || isBlank(at('fee')) ? 0 : moneyOf(at('fee'));
    const date = dateOf(at('date'));
    row.amountBani = amount;
    row.feeBani = fee;
    row.date = date;
    if (!row.awb) row.problem = 'cod_row_awb';
    else if (amount === null) row.problem = 'cod_row_amount';
    else if (fee === null) row.problem = 'cod_row_fee';
    else if (date === null) row.problem = 'cod_row_date';
    else if (!row.reference) row.problem = 'cod_row_reference';
    rows.push(row);
    if (rows.length > MAX_ROWS) throw FieldProblems.one('file', 'cod_file_rows');
  }
  if (rows.length === 0) throw FieldProblems.one('file', 'cod_file_empty');
  return rows;
}

function textOf(c: Cell): string | null {
  if (isBlank(c)) return null;
  // A number cell of an AWB (Excel keeps digits as a number) is written back without a decimal point.
  const s = typeof c === 'number' ? String(Math.trunc(c)) : c instanceof Date ? c.toISOString() : String(c);
  const t = s.trim().slice(0, 100);
  return t === '' ? null : t;
}

/**
 * Lei as written in a report: `1234.56`, `1234,56`, `1.234,56` (Romanian thousands), `1,234.56`,
 * with or without "lei"/"RON"; at most two decimals, not negative. Null when it is none of these.
 */
export function moneyOf(c: Cell): number | null {
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
