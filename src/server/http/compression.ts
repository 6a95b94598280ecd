import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed answer saves less than the header and the CPU cost (a 401, a small record). */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Up to this an answer is compressed on the request's own thread; above it on libuv's pool. Handing
 * a small answer to the pool costs more than compressing it (bench/compression.ts, the process's CPU
 * a call in brotli 3: 3.6 KB 72 µs in place against 161 on the pool, 12 KB 176 against 231, 36 KB
 * 396 against 463); at 120 KB both cost about 1.2 ms, which the pool keeps off the thread that serves
 * every request.
 */
export const COMPRESS_IN_PLACE_BYTES = 32 * 1024;

/**
 * Brotli at quality 3: within 3 % of quality 4's size on the API's JSON, for less CPU
 * (bench/compression.ts: 36 KB to 3,315 bytes in 396 µs at 3, to 3,259 in 490 µs at 4; 120 KB
 * 10,143 bytes in 1.25 ms against 9,873 in 1.6 ms). Quality 2 costs less again but answers about
 * a tenth larger.
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
