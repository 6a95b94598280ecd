import { Worker } from 'node:worker_threads';
import { registerMessages } from '../../core/messages.js';
import { SPREADSHEET_ZIP_LIMITS, storedZip, unzipGuarded, ZipRefused, type ZipLimits } from './zipGuard.js';

/**
 * An uploaded spreadsheet (a settlement file, an order import) read into rows of cells, without
 * letting the file hold the server's thread or memory: CSV as text (the upload limit bounds it), an
 * XLSX unzipped under the zip guard (zipGuard.ts: entries, declared size and ratio checked first,
 * every entry inflated with a hard cap) and then parsed by read-excel-file in a worker thread with a
 * heap limit and a time limit. Every import reads its file through `readSpreadsheet`.
 */

/** A cell as read: text, a number, a boolean, a date or nothing. */
export type Cell = string | number | boolean | Date | null | undefined;

/** A file refused as a whole: a message key (registered below) with its parameters, for the caller's field. */
export class SpreadsheetRefused extends Error {
  constructor(
    public readonly key: string,
    public readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'SpreadsheetRefused';
  }
}

/**
 * What a file may hold. The rows and cells cross from the worker to the server's thread as one
 * message, copied there: a million short cells take about 150 ms of that thread, so a file may not
 * hold more. `maxRows` counts every row of the sheet (header and blank rows too).
 */
export interface SheetLimits {
  zip: ZipLimits;
  maxRows: number;
  maxCells: number;
}

export const SHEET_LIMITS: SheetLimits = { zip: SPREADSHEET_ZIP_LIMITS, maxRows: 100_000, maxCells: 1_000_000 };

/** How long one sheet's parse may take, and the heap its worker may use. */
export const XLSX_READ_LIMITS = { timeoutMs: 20_000, heapMb: 384 };

/** Workers parsing at once (the machine's cores): a third file waits for one of them. */
const MAX_READERS = 2;

function looksLikeZip(bytes: Buffer): boolean {
  // An XLSX is a ZIP archive: it starts with "PK\x03\x04".
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The rows of a CSV or XLSX file (the first sheet), header first. Throws SpreadsheetRefused. */
export async function readSpreadsheet(
  bytes: Buffer,
  filename: string,
  limits: Partial<SheetLimits> = {},
): Promise<Cell[][]> {
  const all = { ...SHEET_LIMITS, ...limits };
  const name = filename.toLowerCase();
  if (looksLikeZip(bytes)) return readXlsxRows(bytes, all);
  if (name.endsWith('.xlsx') || name.endsWith('.xls')) throw new SpreadsheetRefused('sheet_unreadable');
  let text = bytes.toString('utf8');
  // Text that is not UTF-8 (Excel's Windows-1250 export) shows replacement characters: read it as Latin-2's cousin.
  if (text.includes('\ufffd')) text = new TextDecoder('windows-1250').decode(bytes);
  if (text.includes('\u0000')) throw new SpreadsheetRefused('sheet_type');
  return parseCsv(text.replace(/^\ufeff/, ''), all);
}

/**
 * RFC 4180 CSV with the delimiter guessed from the header line (`,`, `;` or tab); refused
 * (SpreadsheetRefused) past `maxRows` rows or `maxCells` cells, as an XLSX is.
 */
export function parseCsv(text: string, limits: Pick<SheetLimits, 'maxRows' | 'maxCells'> = SHEET_LIMITS): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let cells = 0;
  const endRow = () => {
    rows.push(row);
    cells += row.length;
    if (rows.length > limits.maxRows) throw new SpreadsheetRefused('sheet_rows', { max: limits.maxRows });
    if (cells > limits.maxCells) throw new SpreadsheetRefused('sheet_too_complex');
  };
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
      endRow();
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    endRow();
  }
  return rows;
}

/**
 * The first sheet of an XLSX workbook as rows of cells. Only the XML parts read-excel-file reads are
 * unzipped (under the guard); they are packed again uncompressed for the worker, which parses them.
 */
export async function readXlsxRows(bytes: Buffer, limits: SheetLimits = SHEET_LIMITS): Promise<Cell[][]> {
  let files: Map<string, Buffer>;
  try {
    files = await unzipGuarded(bytes, limits.zip, (name) => name.endsWith('.xml') || name.endsWith('.rels'));
  } catch (err) {
    if (err instanceof ZipRefused) throw new SpreadsheetRefused(err.problem.key, err.problem.params);
    throw err;
  }
  const zip = storedZip(files);
  // The inflated parts are in the archive now: only one copy is kept while the worker parses.
  files.clear();
  return inReader(zip, limits);
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs the parse in a worker of its own once fewer than MAX_READERS run; the worker ends with its answer. */
async function inReader(bytes: Buffer, limits: SheetLimits): Promise<Cell[][]> {
  if (running < MAX_READERS) running++;
  // A reader that ends hands its place to the first file waiting.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await parseInWorker(bytes, limits);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function parseInWorker(bytes: Buffer, limits: SheetLimits): Promise<Cell[][]> {
  return new Promise((resolve, reject) => {
    // The archive is moved to the worker, not copied, when it owns its memory (a large Buffer does).
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const data = owned ? bytes : new Uint8Array(bytes);
    const worker = new Worker(new URL('./xlsxReader.worker.mjs', import.meta.url), {
      workerData: { bytes: data, maxRows: limits.maxRows, maxCells: limits.maxCells },
      transferList: [data.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: XLSX_READ_LIMITS.heapMb },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    // A sheet that takes longer than this is refused rather than left to run.
    const timer = setTimeout(
      () => settle(() => reject(new SpreadsheetRefused('sheet_too_complex'))),
      XLSX_READ_LIMITS.timeoutMs,
    );
    worker.once('message', (msg: { rows?: Cell[][]; tooMany?: 'rows' | 'cells'; error?: string }) =>
      settle(() => {
        if (msg.rows) resolve(msg.rows);
        else if (msg.tooMany === 'rows') reject(new SpreadsheetRefused('sheet_rows', { max: limits.maxRows }));
        else if (msg.tooMany === 'cells') reject(new SpreadsheetRefused('sheet_too_complex'));
        else reject(new SpreadsheetRefused('sheet_unreadable'));
      }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          new SpreadsheetRefused(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'sheet_too_complex' : 'sheet_unreadable'),
        ),
      ),
    );
    worker.once('exit', () => settle(() => reject(new SpreadsheetRefused('sheet_unreadable'))));
  });
}

/**
 * At most `max` characters of a cell's text, with an ellipsis when it was longer: what an answer
 * may echo of what a file holds (a 4 MB cell is never sent back whole).
 */
export function excerpt(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

registerMessages({
  en: {
    sheet_unreadable: 'The file could not be read as CSV or XLSX.',
    sheet_type: 'The file must be CSV or XLSX.',
    sheet_rows: 'The file has more than {{max}} rows. Split it into smaller files.',
    sheet_too_complex:
      'The file is too large to read (it takes too long or too much memory). Split it into smaller files.',
    zip_entries: 'The file holds more than {{max}} parts: it is not a spreadsheet that can be read here.',
    zip_too_large: 'The file unpacks to more than {{max_mb}} MB. Split it into smaller files.',
    zip_ratio:
      'The file unpacks to far more than its size, which no spreadsheet does, so it was not read. Save it again from your spreadsheet program.',
    zip_unsupported:
      'The file is packed in a way that cannot be read here (encrypted or ZIP64). Save it again as XLSX from your spreadsheet program.',
    zip_malformed: 'The file is damaged (its parts do not unpack as they declare). Save it again as XLSX.',
  },
  ro: {
    sheet_unreadable: 'Fișierul nu a putut fi citit ca CSV sau XLSX.',
    sheet_type: 'Fișierul trebuie să fie CSV sau XLSX.',
    sheet_rows: 'Fișierul are mai mult de {{max}} de rânduri. Împărțiți-l în fișiere mai mici.',
    sheet_too_complex:
      'Fișierul este prea mare pentru a fi citit (durează prea mult sau cere prea multă memorie). Împărțiți-l în fișiere mai mici.',
    zip_entries: 'Fișierul conține mai mult de {{max}} de părți: nu este o foaie de calcul care poate fi citită aici.',
    zip_too_large: 'Fișierul se dezarhivează la mai mult de {{max_mb}} MB. Împărțiți-l în fișiere mai mici.',
    zip_ratio:
      'Fișierul se dezarhivează la mult mai mult decât dimensiunea lui, ceea ce nicio foaie de calcul nu face, așa că nu a fost citit. Salvați-l din nou din programul de calcul tabelar.',
    zip_unsupported:
      'Fișierul este arhivat într-un mod care nu poate fi citit aici (criptat sau ZIP64). Salvați-l din nou ca XLSX din programul de calcul tabelar.',
    zip_malformed: 'Fișierul este deteriorat (părțile lui nu se dezarhivează cum declară). Salvați-l din nou ca XLSX.',
  },
});
