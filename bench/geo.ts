/**
 * Address data (the counties, localities, streets and postal codes shipped in geo-data.json.gz): what
 * the shipped file costs at start, how fast a Bucharest street search answers, and how big the
 * shipped data is.
 *
 *   npx tsx bench/geo.ts            (RUNS=5 starts, SEARCHES=2000 by default)
 *
 * - start: a fresh Node process loads src/server/modules/geo/geo-data.json.gz (gunzip, parse,
 *   index); the added heap and RSS are read after a forced GC (median of RUNS processes);
 * - the alternative not taken: a migration filling tables with the same rows (SQLite file);
 * - search: GET /api/v1/geo/streets?locality_id=<Bucharest>&search=… through app.inject (signed in,
 *   in-memory SQLite), with searches of 3 letters to whole names, as the picker sends them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { GEO_DATA_FILE, geoData } from '../src/server/modules/geo/index.js';
import { searchRows } from '../src/server/modules/geo/index.js';
import { startTestApp } from '../src/server/test/harness.js';
import { median } from './_load.js';

const RUNS = Number(process.env.RUNS ?? 5);
const SEARCHES = Number(process.env.SEARCHES ?? 2000);
const BUCHAREST = 179132;
const dir = path.dirname(fileURLToPath(import.meta.url));

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const child = (file: string) => {
  const out = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(dir, file)], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout.trim().split('\n').pop()!);
};

// Size
const gz = fs.statSync(GEO_DATA_FILE).size;
const json = gunzipSync(fs.readFileSync(GEO_DATA_FILE)).length;
const geo = geoData();
console.log(
  `Shipped data: ${path.basename(GEO_DATA_FILE)} ${(gz / 1024).toFixed(0)} kB (${(json / 1024).toFixed(0)} kB of JSON): ${geo.counties.length} counties, ${geo.localityCount} localities, ${geo.streetCount} streets`,
);

// Start
const loads = Array.from({ length: RUNS }, () => child('_geo-load.ts'));
console.log(
  `Start (median of ${RUNS} processes): load ${median(loads.map((l) => l.loadMs)).toFixed(0)} ms, ` +
    `+${median(loads.map((l) => l.heapMB)).toFixed(1)} MB heap, +${median(loads.map((l) => l.rssMB)).toFixed(1)} MB RSS; ` +
    `first Bucharest search folds its names once: ${median(loads.map((l) => l.firstBucharestMs)).toFixed(1)} ms`,
);
const table = child('_geo-table.ts');
console.log(
  `Alternative, a migration filling tables (SQLite): ${table.fillMs.toFixed(0)} ms per new database, ${table.dbMB.toFixed(1)} MB of database`,
);

// Search
const t = await startTestApp();
const u = await t.signUp();
const names = geo.streetsOf(BUCHAREST).map((s) => s.row[2].split(' ').slice(1));
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const searches = Array.from({ length: SEARCHES }, () => {
  const words = names[Math.floor(random() * names.length)];
  const word = words[Math.floor(random() * words.length)] ?? 'vic';
  const kind = random();
  // 3 letters (the first lazy search), a whole word, or two words.
  return kind < 0.4 ? word.slice(0, 3) : kind < 0.8 ? word : words.slice(0, 2).join(' ');
});
for (const s of searches.slice(0, 50))
  await u.call('GET', `/api/v1/geo/streets?locality_id=${BUCHAREST}&search=${encodeURIComponent(s)}&limit=50`, {
    company: null,
  });
const times: number[] = [];
const cpu: number[] = [];
for (const s of searches) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const res = await u.call(
    'GET',
    `/api/v1/geo/streets?locality_id=${BUCHAREST}&search=${encodeURIComponent(s)}&limit=50`,
    { company: null },
  );
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
  times.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
}
const inner: number[] = [];
for (const s of searches) {
  const t0 = performance.now();
  searchRows(geo.streetsOf(BUCHAREST), s, 50);
  inner.push(performance.now() - t0);
}
console.log(
  `Bucharest street search in the service alone: p50 ${pct(inner, 50).toFixed(2)} ms, p99 ${pct(inner, 99).toFixed(2)} ms`,
);
console.log(
  `Bucharest street search, ${SEARCHES} requests through app.inject: p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms (wall); CPU time p50 ${pct(cpu, 50).toFixed(2)} ms, p99 ${pct(cpu, 99).toFixed(2)} ms`,
);
console.log(
  `(load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores: wall-clock tails include waiting for a core)`,
);
await t.close();
