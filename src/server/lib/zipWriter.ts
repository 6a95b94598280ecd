import zlib from 'node:zlib';

/**
 * Zip archives written as a stream (the XLSX export, the ZIP of a bulk job's invoices): each entry
 * deflated through one stream as its parts arrive, its CRC and sizes in a data descriptor after it
 * (the zip format's way of writing an entry whose size is not known in advance), the central
 * directory at the end. Names are UTF-8 (flag bit 11). No zip64: an archive stays far below 4 GB
 * and 65,535 entries.
 */

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** A zip written as a stream: entries one after another, each deflated as its parts arrive. */
export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];

  /** The bytes of one entry, its parts deflated as they come. */
  async *entry(name: string, parts: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<Buffer> {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 name
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    header.writeUInt16LE(nameBytes.length, 26);
    const start = this.offset;
    yield this.count(Buffer.concat([header, nameBytes]));
    const deflate = zlib.createDeflateRaw({ level: 6 });
    const out: Buffer[] = [];
    deflate.on('data', (b: Buffer) => out.push(b));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const drain = function* (this: ZipWriter) {
      for (const b of out.splice(0)) {
        compressed += b.length;
        yield this.count(b);
      }
    }.bind(this);
    for await (const part of parts) {
      crc = zlib.crc32(part, crc);
      size += part.length;
      await new Promise<void>((resolve, reject) => deflate.write(part, (err) => (err ? reject(err) : resolve())));
      yield* drain();
    }
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', () => resolve());
      deflate.once('error', reject);
    });
    deflate.end();
    await ended;
    yield* drain();
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield this.count(descriptor);
    this.entries.push({ name: nameBytes, crc: crc >>> 0, compressed, size, offset: start });
  }

  /** The central directory and its end record. */
  end(): Buffer {
    const dirStart = this.offset;
    const records = this.entries.map((e) => {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt32LE(0x00210000, 12);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      return Buffer.concat([h, e.name]);
    });
    const dir = Buffer.concat(records);
    const tail = Buffer.alloc(22);
    tail.writeUInt32LE(0x06054b50, 0);
    tail.writeUInt16LE(this.entries.length, 8);
    tail.writeUInt16LE(this.entries.length, 10);
    tail.writeUInt32LE(dir.length, 12);
    tail.writeUInt32LE(dirStart, 16);
    return Buffer.concat([dir, tail]);
  }

  private count(b: Buffer): Buffer {
    this.offset += b.length;
    return b;
  }
}

/** A whole zip of `files` in memory, in the order given (documents a request answers at once). */
export async function zipFiles(files: readonly { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new ZipWriter();
  const out: Buffer[] = [];
  for (const f of files) for await (const b of zip.entry(f.name, [f.data])) out.push(b);
  out.push(zip.end());
  return Buffer.concat(out);
}
