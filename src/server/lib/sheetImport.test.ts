import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { entryOf, spacesSheet, xlsxOf, zipArchive, zipBombXlsx } from '../test/zipFiles.js';
import { readSpreadsheet, SpreadsheetRefused, XLSX_READ_LIMITS } from './sheetImport.js';
import { SPREADSHEET_ZIP_LIMITS, unzipGuarded, zipDirectory, ZipRefused } from './zipGuard.js';

const limits = SPREADSHEET_ZIP_LIMITS;
const MB = 1024 * 1024;

/** The key of the refusal `run` ends with (it must be refused). */
async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (err) {
    if (err instanceof ZipRefused) return err.problem.key;
    if (err instanceof SpreadsheetRefused) return err.key;
    throw err;
  }
  throw new Error('not refused');
}

describe('the zip guard', () => {
  it('unzips an honest archive, stored and deflated entries alike, and only the entries wanted', async () => {
    const zip = zipArchive([
      entryOf('a.xml', '<a>ă ș ț</a>'),
      entryOf('b.rels', 'stored', false),
      // Never inflated: not wanted (its bytes are not even deflate).
      { name: 'media/image1.png', method: 8, payload: Buffer.from('not deflate'), crc: 0, size: 5 },
    ]);
    const files = await unzipGuarded(zip, limits, (n) => !n.endsWith('.png'));
    expect([...files.keys()]).toEqual(['a.xml', 'b.rels']);
    expect(files.get('a.xml')!.toString('utf8')).toBe('<a>ă ș ț</a>');
    expect(files.get('b.rels')!.toString('utf8')).toBe('stored');
  });

  it('refuses an archive of more entries than allowed from its directory alone', async () => {
    const entries = Array.from({ length: limits.maxEntries + 1 }, (_, i) => entryOf(`x${i}.xml`, '<x/>'));
    expect(await refusal(() => zipDirectory(zipArchive(entries), limits))).toBe('zip_entries');
    expect(zipDirectory(zipArchive(entries.slice(0, limits.maxEntries)), limits)).toHaveLength(limits.maxEntries);
  });

  it('refuses entries declaring more than the total before inflating anything', async () => {
    // Declared 40 MB each (ratio 1:1, so only the total is over): the payloads are not deflate at
    // all, so the refusal can only come from the directory.
    const big = (name: string) => ({ name, method: 0, payload: Buffer.alloc(16), crc: 0, size: 40 * MB });
    const zip = zipArchive([big('a.xml'), big('b.xml')]);
    expect(zipDirectory(zipArchive([big('a.xml')]), { ...limits, maxRatio: Infinity })).toHaveLength(1);
    expect(await refusal(() => zipDirectory(zip, { ...limits, maxRatio: Infinity }))).toBe('zip_too_large');
  });

  it('refuses an entry that declares far more than it weighs (a bomb that tells the truth)', async () => {
    const started = Date.now();
    expect(await refusal(() => unzipGuarded(zipBombXlsx(200), limits))).toBe('zip_too_large');
    // Under the total but 1,000 times its weight: 30 MB of spaces.
    expect(await refusal(() => unzipGuarded(zipBombXlsx(30), limits))).toBe('zip_ratio');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a lying central directory (declared small, real big) is stopped by the inflate cap', async () => {
    const started = Date.now();
    // 200 MB of spaces declared as 2,000 bytes: no directory check can see it.
    const bomb = zipBombXlsx(200, 2000);
    expect(zipDirectory(bomb, limits).find((e) => e.name.endsWith('sheet1.xml'))).toMatchObject({ size: 2000 });
    expect(await refusal(() => unzipGuarded(bomb, limits))).toBe('zip_too_large');
    // Through the spreadsheet reader too, which every import uses.
    expect(await refusal(() => readSpreadsheet(bomb, 'decont.xlsx'))).toBe('zip_too_large');
    // Inflating the whole 200 MB takes longer than this (and that much memory); the cap stops at 2,000 bytes.
    expect(Date.now() - started).toBeLessThan(2000);
    // A stream only a little longer than declared is refused as too large too, not read in full.
    const text = Buffer.from('<row>'.repeat(1000));
    const short = { ...entryOf('s.xml', text), size: 100 };
    expect(await refusal(() => unzipGuarded(zipArchive([short]), limits))).toBe('zip_too_large');
  });

  it('refuses an entry shorter than declared, one with another CRC, and broken archives', async () => {
    const data = Buffer.from('<sheet>hello</sheet>');
    const longer = { ...entryOf('a.xml', data), size: data.length + 10 };
    expect(await refusal(() => unzipGuarded(zipArchive([longer]), limits))).toBe('zip_malformed');
    const otherCrc = { ...entryOf('a.xml', data), crc: (zlib.crc32(data) + 1) >>> 0 };
    expect(await refusal(() => unzipGuarded(zipArchive([otherCrc]), limits))).toBe('zip_malformed');
    expect(await refusal(() => unzipGuarded(Buffer.from('PK\u0003\u0004garbage'), limits))).toBe('zip_malformed');
    const encrypted = zipArchive([entryOf('a.xml', data)]);
    // The central directory's flags: bit 0 is "encrypted".
    encrypted.writeUInt16LE(1, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect(await refusal(() => unzipGuarded(encrypted, limits))).toBe('zip_unsupported');
  });

  it('the bomb in the test is real: its sheet inflates to what it says', () => {
    const sheet = spacesSheet(3);
    const out = zlib.inflateRawSync(sheet.payload);
    expect(out.length).toBe(sheet.size);
    expect(zlib.crc32(out) >>> 0).toBe(sheet.crc);
    expect(sheet.payload.length).toBeLessThan(5 * 1024);
  });
});

describe('reading an uploaded spreadsheet', () => {
  it('an honest workbook is read to its rows in a worker', async () => {
    const rows = await readSpreadsheet(
      xlsxOf([
        ['awb', 'amount'],
        ['123', 19.99],
      ]),
      'x.xlsx',
    );
    expect(rows).toEqual([
      ['awb', 'amount'],
      ['123', 19.99],
    ]);
  });

  it('refuses a sheet of more rows than allowed, in the worker, without copying them back', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`r${i}`]);
    expect(await refusal(() => readSpreadsheet(xlsxOf(rows), 'x.xlsx', { maxRows: 20 }))).toBe('sheet_rows');
    expect(await refusal(() => readSpreadsheet(xlsxOf(rows), 'x.xlsx', { maxCells: 20 }))).toBe('sheet_too_complex');
    const csv = Buffer.from(rows.map((r) => r[0]).join('\n'));
    expect(await refusal(() => readSpreadsheet(csv, 'x.csv', { maxRows: 20 }))).toBe('sheet_rows');
    expect(await readSpreadsheet(csv, 'x.csv', { maxRows: 30 })).toHaveLength(30);
  });

  describe('the worker that parses a sheet', () => {
    const kept = { ...XLSX_READ_LIMITS };
    afterEach(() => Object.assign(XLSX_READ_LIMITS, kept));
    const sheet = () => xlsxOf(Array.from({ length: 2000 }, (_, i) => [`r${i}`, i]));

    it('is stopped at its time limit: the file is refused, not left to run', async () => {
      XLSX_READ_LIMITS.timeoutMs = 1;
      expect(await refusal(() => readSpreadsheet(sheet(), 'x.xlsx'))).toBe('sheet_too_complex');
    });

    it("is stopped at its heap limit: the file is refused, the server's heap untouched", async () => {
      XLSX_READ_LIMITS.heapMb = 4;
      expect(await refusal(() => readSpreadsheet(sheet(), 'x.xlsx'))).toBe('sheet_too_complex');
    });

    it('three files at once are all read (two workers at a time)', async () => {
      const all = await Promise.all([1, 2, 3].map(() => readSpreadsheet(sheet(), 'x.xlsx')));
      expect(all.map((rows) => rows.length)).toEqual([2000, 2000, 2000]);
    });
  });
});
