import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Unzipping an uploaded archive (an XLSX is a zip of XML files) without letting it choose how much
 * memory and time it takes. The upload limit applies to the compressed bytes only: 200 KB of
 * deflate can unpack to 200 MB of spaces (a "zip bomb"). So the central directory is read first
 * and the archive refused, before anything is inflated, when it has too many entries, declares too
 * many bytes in all, or an entry unpacks to far more than it weighs. The central directory can lie
 * about the sizes, so every entry is then inflated with a hard cap (zlib's `maxOutputLength`) at
 * the size it declared, and refused when it produces more (or less, or another CRC). Inflating runs
 * in zlib's thread pool (the async call), never on the server's thread.
 */

export interface ZipLimits {
  /** Entries in the archive, whatever they hold. */
  maxEntries: number;
  /** The uncompressed bytes the central directory declares, all entries together. */
  maxTotalBytes: number;
  /** Uncompressed over compressed bytes of one entry, checked once the entry is larger than `ratioFromBytes`. */
  maxRatio: number;
  /** Below this uncompressed size an entry's ratio is not judged: a small file of repeated markup compresses well. */
  ratioFromBytes: number;
}

const MB = 1024 * 1024;

/**
 * The limits of an uploaded spreadsheet. A settlement file of 20,000 rows written by Excel (shared
 * strings) unpacks to about 10 MB, and to about 25 MB written with inline strings; 64 MB leaves
 * room for wide sheets. A spreadsheet's XML deflates 5 to 30 times, rarely 100; a bomb 1,000 times.
 * An Excel workbook has 10 to 20 entries, 50 with drawings and images.
 */
export const SPREADSHEET_ZIP_LIMITS: ZipLimits = {
  maxEntries: 200,
  maxTotalBytes: 64 * MB,
  maxRatio: 200,
  ratioFromBytes: 1 * MB,
};

/** Why an archive was refused: a message key with its parameters (the caller puts it on its field). */
export type ZipProblem =
  | { key: 'zip_entries'; params: { max: number } }
  | { key: 'zip_too_large'; params: { max_mb: number } }
  | { key: 'zip_ratio'; params: Record<string, never> }
  | { key: 'zip_unsupported'; params: Record<string, never> }
  | { key: 'zip_malformed'; params: Record<string, never> };

export class ZipRefused extends Error {
  constructor(public readonly problem: ZipProblem) {
    super(problem.key);
    this.name = 'ZipRefused';
  }
}

function refuse(problem: ZipProblem): never {
  throw new ZipRefused(problem);
}
function malformed(): never {
  refuse({ key: 'zip_malformed', params: {} });
}
function tooLarge(limits: ZipLimits): never {
  refuse({ key: 'zip_too_large', params: { max_mb: Math.round(limits.maxTotalBytes / MB) } });
}

/** One entry as the central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when the entry is read. */
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * The archive's entries from its central directory, refused (ZipRefused) when there are more than
 * `maxEntries`, when they declare more than `maxTotalBytes` together, or when one declares an
 * uncompressed size more than `maxRatio` times its compressed size. Nothing is inflated here.
 */
export function zipDirectory(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  // The end record is the last 22 bytes, followed by a comment of at most 65,535 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) malformed();
  const count = bytes.readUInt16LE(end + 10);
  const dirSize = bytes.readUInt32LE(end + 12);
  const dirOffset = bytes.readUInt32LE(end + 16);
  // Zip64 (an archive over 4 GB or 65,535 entries) marks these fields with all ones: never a spreadsheet upload.
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff)
    refuse({ key: 'zip_unsupported', params: {} });
  if (count > limits.maxEntries) refuse({ key: 'zip_entries', params: { max: limits.maxEntries } });
  if (dirOffset + dirSize > end) malformed();
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = dirOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > dirOffset + dirSize || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) malformed();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      encrypted: (bytes.readUInt16LE(at + 8) & 1) === 1,
      crc: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff)
      refuse({ key: 'zip_unsupported', params: {} });
    total += entry.size;
    if (total > limits.maxTotalBytes) tooLarge(limits);
    if (entry.size > limits.ratioFromBytes && entry.size > limits.maxRatio * Math.max(1, entry.compressedSize))
      refuse({ key: 'zip_ratio', params: {} });
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const inflateRaw = promisify(zlib.inflateRaw);

/** One entry's bytes, inflated to at most the size it declared; refused when it is any other size or CRC. */
async function inflateEntry(bytes: Buffer, entry: ZipEntry, limits: ZipLimits): Promise<Buffer> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) refuse({ key: 'zip_unsupported', params: {} });
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) malformed();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) malformed();
  const data = bytes.subarray(start, start + entry.compressedSize);
  let out: Buffer;
  if (entry.method === 0) out = Buffer.from(data);
  else {
    try {
      // The cap is the declared size (at least 1 byte, zlib's minimum): a stream that holds more
      // stops there, so a lying directory costs no more memory than an honest one.
      out = await inflateRaw(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') tooLarge(limits);
      malformed();
    }
  }
  if (out.length !== entry.size || zlib.crc32(out) >>> 0 !== entry.crc >>> 0) malformed();
  return out;
}

/**
 * The entries `wanted` keeps (all by default), inflated and checked as `zipDirectory` and the caps
 * above say; entries not wanted are never inflated. Throws ZipRefused.
 */
export async function unzipGuarded(
  bytes: Buffer,
  limits: ZipLimits,
  wanted: (name: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of zipDirectory(bytes, limits)) {
    if (entry.name.endsWith('/') || !wanted(entry.name)) continue;
    files.set(entry.name, await inflateEntry(bytes, entry, limits));
  }
  return files;
}

/**
 * A zip of stored (not compressed) entries: what was unzipped under the guard, handed on to a
 * reader that takes an archive. Its sizes are the bytes themselves, so it cannot unpack to more.
 */
export function storedZip(files: Map<string, Buffer>): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 name
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}
