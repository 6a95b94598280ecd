/** Child of bench/geo.ts: the time and memory the shipped address data adds to a start (run with --expose-gc). */
import { geoData } from '../src/server/modules/geo/index.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
gc();
const before = process.memoryUsage();
const t0 = performance.now();
const geo = geoData();
const loadMs = performance.now() - t0;
// The first search of Bucharest folds its street names once.
const t1 = performance.now();
geo.streetsOf(179132);
const firstBucharestMs = performance.now() - t1;
gc();
const after = process.memoryUsage();
console.log(
  JSON.stringify({
    loadMs,
    firstBucharestMs,
    heapMB: (after.heapUsed - before.heapUsed) / 2 ** 20,
    rssMB: (after.rss - before.rss) / 2 ** 20,
  }),
);
