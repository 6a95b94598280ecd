import { ZipWriter } from './zipWriter.js';

/**
 * Spreadsheets written as a stream of rows: CSV and XLSX (Office Open XML, one sheet), so an
 * export of any length holds one batch of rows in memory. The XLSX is a zip written as it goes:
 * each entry deflated through one stream, its CRC and sizes in a data descriptor after it (the
 * zip format's way of writing an entry whose size is not known in advance), the central
 * directory at the end. No zip64: an export stays far below 4 GB.
 */

/** A cell: text, or a number (amounts, ids) that a spreadsheet may sum. */
export type Cell = string | number | null;

/**
 * A text a spreadsheet would run as a formula (starting with = + - @, tab or carriage return)
 * gets a leading apostrophe, so a customer's name like `=HYPERLINK(...)` stays text.
 */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const csvField = (c: Cell): string => {
  if (c === null) return '';
  const text = typeof c === 'number' ? String(c) : escapeFormula(c);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV (RFC 4180, CRLF) with a byte order mark, so Excel reads the diacritics as UTF-8. */
export async function* csvStream(header: string[], rows: AsyncIterable<Cell[][]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`\ufeff${header.map(csvField).join(',')}\r\n`);
  for await (const batch of rows) yield Buffer.from(batch.map((r) => `${r.map(csvField).join(',')}\r\n`).join(''));
}

const xml = (s: string) =>
  s
    // Characters XML 1.0 cannot carry at all.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function column(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Numbers with two decimals (money) use style 1 ("0.00"); other numbers the general style. */
function sheetRow(r: number, cells: Cell[], money: Set<number>): string {
  const out = cells.map((c, i) => {
    if (c === null || c === '') return '';
    const ref = `${column(i)}${r}`;
    if (typeof c === 'number') return `<c r="${ref}"${money.has(i) ? ' s="1"' : ''}><v>${c}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(escapeFormula(c))}</t></is></c>`;
  });
  return `<row r="${r}">${out.join('')}</row>`;
}

const FILES: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  'xl/styles.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>',
};

const workbook = (sheetName: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/**
 * An XLSX of one sheet: the header row, then the rows as they come. `money` names the columns
 * whose numbers show with two decimals.
 */
export async function* xlsxStream(
  sheetName: string,
  header: string[],
  rows: AsyncIterable<Cell[][]>,
  money: Set<number>,
): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  for (const [name, text] of Object.entries(FILES)) yield* zip.entry(name, [Buffer.from(text)]);
  yield* zip.entry('xl/workbook.xml', [Buffer.from(workbook(sheetName))]);
  async function* sheet(): AsyncGenerator<Buffer> {
    yield Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRow(1, header, new Set())}`,
    );
    let r = 1;
    for await (const batch of rows) yield Buffer.from(batch.map((cells) => sheetRow(++r, cells, money)).join(''));
    yield Buffer.from('</sheetData></worksheet>');
  }
  yield* zip.entry('xl/worksheets/sheet1.xml', sheet());
  yield zip.end();
}
