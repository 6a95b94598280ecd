import zlib from 'node:zlib';

/**
 * Small real PNG images built in code (demo data, tests, benchmarks), so no image files or
 * packages are needed: 8-bit RGB, one filter byte per row, zlib-deflated, CRC32 per chunk.
 */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed) >>> 0);
  return Buffer.concat([len, typed, crc]);
}

export type Rgb = [number, number, number];

/** A PNG of the given size whose pixels come from `paint(x, y)`. */
export function pngImage(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function solidPng(width: number, height: number, colour: Rgb): Buffer {
  return pngImage(width, height, () => colour);
}

/** A product-like picture: a coloured background with a lighter rounded "item" in the middle. */
export function productPng(size: number, colour: Rgb): Buffer {
  const light: Rgb = [Math.min(255, colour[0] + 90), Math.min(255, colour[1] + 90), Math.min(255, colour[2] + 90)];
  const c = size / 2;
  const r = size * 0.3;
  return pngImage(size, size, (x, y) => {
    const dx = x + 0.5 - c;
    const dy = y + 0.5 - c;
    return dx * dx + dy * dy <= r * r ? light : colour;
  });
}

/** A 1×1 lossless WebP (the well-known feature-detection image). */
export const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
