/** A cell of a settlement file as read: text, a number, a boolean, a date or nothing. */
export type Cell = string | number | boolean | Date | null | undefined;

/**
 * The first sheet of an XLSX workbook as rows of cells (text, numbers, booleans, dates), read by
 * read-excel-file: maintained, pure JavaScript (no native build), and it reads only, which is all
 * a settlement import needs. Imported on the first file read (1.5 MB of the server's heap), not when
 * the server starts.
 */
export async function readXlsxRows(bytes: Buffer): Promise<Cell[][]> {
  const { readSheet } = await import('read-excel-file/node');
  const rows = await readSheet(bytes);
  return rows.map((row) => row.map((c) => (c === null ? null : (c as unknown as Cell))));
}
