import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed answer saves less than the header and the CPU cost (a 401, a small record). */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Up to this an answer is compressed on the request's own thread; above it on libuv's pool. Handing
 * a small answer to the pool costs more than compressing it: for 1.8 KB of JSON gzip took 370 µs of
 * CPU through the pool against 84 µs in place, brotli 416 against 136; at 18 KB 647 against 245.
 * At 187 KB both cost about 3 ms, which the pool keeps off the thread that serves every request.
 */
export const COMPRESS_IN_PLACE_BYTES = 32 * 1024;

/**
 * Brotli at quality 3: as small as quality 4 on the API's JSON, for about three quarters of its CPU
 * (a page of 12 products, 4 KB: 553 bytes in 75–87 µs at 3, 557 in 111–126 µs at 4; 13.6 KB: 1,242
 * bytes in 151–198 µs, 1,254 in 186–248 µs). Quality 2 costs less again but answers a tenth larger.
 */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } };
const GZIP_OPTIONS = { level: 6 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The answer compressed: in place when small (a Buffer), on the pool when large (a Promise). */
export function compressAnswer(
  payload: string,
  encoding: Encoding,
  bytes = Buffer.byteLength(payload),
): Buffer | Promise<Buffer> {
  if (bytes <= COMPRESS_IN_PLACE_BYTES)
    return encoding === 'br' ? zlib.brotliCompressSync(payload, BROTLI_OPTIONS) : zlib.gzipSync(payload, GZIP_OPTIONS);
  return encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzip(payload, GZIP_OPTIONS);
}

/**
 * The encoding to answer in for an Accept-Encoding header: brotli when accepted, else gzip, else none.
 * Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = (enc: Encoding) => (q.has(enc) ? q.get(enc)! > 0 : (q.get('*') ?? 0) > 0);
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses the API's JSON answers above COMPRESS_MIN_BYTES (a page of 100 products is ~60 KB, ~8 KB
 * in brotli), in brotli when the client takes it (every browser does), else in gzip -6. The web
 * assets do not go through here, they are compressed once at build time (scripts/compress-assets.ts).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/') || typeof payload !== 'string' || reply.hasHeader('content-encoding'))
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    // The answer depends on Accept-Encoding from here on, compressed or not: caches must know.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding|\*/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const bytes = Buffer.byteLength(payload);
    if (bytes < COMPRESS_MIN_BYTES) return payload;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressAnswer(payload, encoding, bytes);
  });
}
