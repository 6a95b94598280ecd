/**
 * What compressing an API answer costs the server's CPU: in place (zlib's synchronous call, as
 * compressAnswer does up to COMPRESS_IN_PLACE_BYTES) against libuv's pool (the callback call, as it
 * does above), and brotli's qualities against each other, on JSON shaped like a product page (a
 * product with a price, an image link and a variation or two) of a few sizes. Each way is timed in
 * ROUNDS rounds that alternate with the others, so a change in the machine's load reaches all of
 * them; the figure is the process's CPU (user + system, every thread: the pool's work is counted)
 * a call, the median of the rounds, with the answer's size.
 *
 *   npx tsx bench/compression.ts
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { COMPRESS_IN_PLACE_BYTES } from '../src/server/http/compression.js';
import { median } from './_load.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CALLS = Number(process.env.CALLS ?? 400);
const quality = (q: number) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } });
const brotliPooled = promisify(zlib.brotliCompress);
const gzipPooled = promisify(zlib.gzip);

const product = (i: number) => ({
  id: 500000 - i,
  name: `Ghiveci ceramic Horezu ${(i * 7919) % 1000}`,
  sku: `0${123440 + i}`,
  price: { amount: 4999 + i * 13, currency: 'RON' },
  stock: i % 13,
  image: `/api/v1/product/${500000 - i}/image/${((i * 2654435761) % 2 ** 32).toString(16).padStart(8, '0')}a3f9c2d1e0b4a59687`,
  variations:
    i % 4 === 0
      ? []
      : [
          {
            id: 900000 + i,
            name: 'Mărime M',
            sku: `0${123440 + i}-M`,
            price: { amount: 4999, currency: 'RON' },
            stock: 3,
          },
        ],
  created_at: 1795806703 - i * 60,
});

const ways: [string, (s: string) => Buffer | Promise<Buffer>][] = [
  ['brotli 3, in place', (s) => zlib.brotliCompressSync(s, quality(3))],
  ['brotli 3, on the pool', (s) => brotliPooled(s, quality(3))],
  ['brotli 4, in place', (s) => zlib.brotliCompressSync(s, quality(4))],
  ['brotli 4, on the pool', (s) => brotliPooled(s, quality(4))],
  ['brotli 2, in place', (s) => zlib.brotliCompressSync(s, quality(2))],
  ['gzip 6, in place', (s) => zlib.gzipSync(s, { level: 6 })],
  ['gzip 6, on the pool', (s) => gzipPooled(s, { level: 6 })],
];

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

console.log(
  `Compressing a JSON answer, Node ${process.version}: CPU a call (median of ${ROUNDS} rounds of ${CALLS}), and bytes; in place up to ${COMPRESS_IN_PLACE_BYTES / 1024} KB today`,
);
console.log(`\n| way | ${[4, 12, 40, 120, 400].map((n) => `${n} products`).join(' | ')} |`);
const texts = [4, 12, 40, 120, 400].map((n) =>
  JSON.stringify({ items: Array.from({ length: n }, (_, i) => product(i)), total: 1000000 }),
);
console.log(`|---|${texts.map(() => '---:').join('|')}|`);
console.log(`| the answer | ${texts.map((t) => `${Buffer.byteLength(t).toLocaleString('en')} B`).join(' | ')} |`);
const cells = ways.map(() => texts.map(() => [] as number[]));
const sizes = ways.map(() => texts.map(() => 0));
for (let round = 0; round < ROUNDS; round++) {
  for (const [w, [, compress]] of ways.entries()) {
    for (const [t, text] of texts.entries()) {
      const calls = Math.max(20, Math.round(CALLS / Math.ceil(text.length / 8192)));
      for (let i = 0; i < 20; i++) await compress(text);
      const before = cpuMicros();
      for (let i = 0; i < calls; i++) sizes[w][t] = (await compress(text)).length;
      cells[w][t].push((cpuMicros() - before) / calls);
    }
  }
}
for (const [w, [name]] of ways.entries())
  console.log(
    `| ${name} | ${cells[w].map((c, t) => `${Math.round(median(c)).toLocaleString('en')} µs, ${sizes[w][t].toLocaleString('en')} B`).join(' | ')} |`,
  );
