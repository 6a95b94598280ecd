import { readSheet } from 'read-excel-file/node';
import type { Cell } from './settlementFile.js';

/**
 * The first sheet of an XLSX workbook as rows of cells (text, numbers, booleans, dates), read by
 * read-excel-file: maintained, pure JavaScript (no native build), and it reads only, which is all
 * a settlement import needs.
 */
export async function readXlsxRows(bytes: Buffer): Promise<Cell[][]> {
  const rows = await readSheet(bytes);
  return rows.map((row) => row.map((c) => (c === null ? null : (c as unknown as Cell))));
}
