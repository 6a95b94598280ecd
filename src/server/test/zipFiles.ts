import zlib from 'node:zlib';

/**
 * Zip archives and XLSX workbooks built in tests, down to the bytes: honest ones, and the ones an
 * attacker sends (a zip bomb, a central directory that lies about the sizes).
 */

/** One entry as it is written: its payload (already compressed for method 8) and what the directory declares. */
export interface RawEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  payload: Buffer;
  crc: number;
  /** The uncompressed size the local header and the central directory declare. */
  size: number;
}

/** An entry of `data`, stored or deflated, declaring its true size and CRC. */
export function entryOf(name: string, data: Buffer | string, deflate = true): RawEntry {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return {
    name,
    method: deflate ? 8 : 0,
    payload: deflate ? zlib.deflateRawSync(bytes) : bytes,
    crc: zlib.crc32(bytes) >>> 0,
    size: bytes.length,
  };
}

/** A zip of these entries, each declared as the entry says (true or not). */
export function zipArchive(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.payload.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.payload.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.payload);
    centrals.push(central, name);
    offset += 30 + name.length + e.payload.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** The parts of a one-sheet workbook around its sheet. */
export const WORKBOOK_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Decont" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
];

/** A workbook whose one sheet holds these rows (inline strings and numbers), its parts deflated. */
export function xlsxOf(rows: (string | number)[][]): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const sheet = rows
    .map(
      (r, ri) =>
        `<row r="${ri + 1}">${r
          .map((v, ci) =>
            typeof v === 'number'
              ? `<c r="${col(ci)}${ri + 1}"><v>${v}</v></c>`
              : `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return zipArchive([
    ...WORKBOOK_PARTS.map(([name, text]) => entryOf(name, text)),
    entryOf('xl/worksheets/sheet1.xml', SHEET_START + sheet + SHEET_END),
  ]);
}

const MB = 1024 * 1024;

/**
 * A sheet of `mb` MB of spaces between its start and end tags, deflated: about 1 KB per MB. Built
 * without deflating the spaces themselves: 1 MB of spaces is deflated once into a block that ends
 * on a byte boundary (a sync flush), and that block repeated makes a valid stream of the whole, as
 * its back-references only ever reach spaces. The CRC is the true one.
 */
export function spacesSheet(mb: number): RawEntry {
  const spaces = Buffer.alloc(MB, 0x20);
  const sync = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const start = Buffer.from(SHEET_START);
  const end = Buffer.from(SHEET_END);
  const block = zlib.deflateRawSync(spaces, { level: 9, ...sync });
  const payload = Buffer.concat([
    zlib.deflateRawSync(start, sync),
    ...Array.from({ length: mb }, () => block),
    zlib.deflateRawSync(end),
  ]);
  let crc = zlib.crc32(start);
  for (let i = 0; i < mb; i++) crc = zlib.crc32(spaces, crc);
  crc = zlib.crc32(end, crc);
  return {
    name: 'xl/worksheets/sheet1.xml',
    method: 8,
    payload,
    crc: crc >>> 0,
    size: start.length + mb * MB + end.length,
  };
}

/**
 * A zip bomb workbook: its sheet unpacks to `mb` MB of spaces from about `mb` KB. `declaredSize`
 * makes the central directory lie about the sheet's size (it declares that instead).
 */
export function zipBombXlsx(mb = 200, declaredSize?: number): Buffer {
  const sheet = spacesSheet(mb);
  return zipArchive([
    ...WORKBOOK_PARTS.map(([name, text]) => entryOf(name, text)),
    declaredSize === undefined ? sheet : { ...sheet, size: declaredSize },
  ]);
}
