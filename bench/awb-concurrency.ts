/**
 * AWB creates at the same time: a seller with DPD (emulated, in process) creates AWBs for its
 * orders one at a time, then five at a time (ROUNDS rounds each), each timed from the request to
 * its answer. The goal: five at a time cost each no more than twice one alone (on PostgreSQL every
 * create bumps the company's kept counts in its transaction; a single hot counter row queued them).
 *
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> npx tsx bench/awb-concurrency.ts
 *   npx tsx bench/awb-concurrency.ts                 (SQLite file)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { order, seller } from '../src/server/test/bulk.js';
import { engineUnderTest, startTestApp } from '../src/server/test/harness.js';
import { percentile } from './_load.js';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const CONCURRENT = 5;

const dpdBody = {
  courier: 'dpd',
  name: 'Ion Popescu',
  phone_number: '0744 123 456',
  county: 'Sibiu',
  city: 'Sibiu',
  address: 'Strada Fabricii 7',
  package_width: 25,
  package_height: 10,
  package_length: 25,
  package_weight: 1,
  package_content: 'Haine',
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-awb-'));
const t = await startTestApp(engineUnderTest === 'sqlite' ? { sqliteFile: path.join(dir, 'app.db') } : {});
try {
  const s = await seller(await t.signUp());
  const ids: number[] = [];
  for (let i = 0; i < ROUNDS * (1 + CONCURRENT) + 2; i++) ids.push(await order(s));
  const create = async (id: number): Promise<number> => {
    const t0 = performance.now();
    const res = await s.u.call('POST', `/api/v1/order/${id}/awb`, { body: dpdBody });
    if (res.statusCode !== 201) throw new Error(`AWB of order ${id}: ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };
  // Two to warm up (statements prepared, emulator loaded), not counted.
  await create(ids.pop()!);
  await create(ids.pop()!);
  const load = os.loadavg()[0];
  const alone: number[] = [];
  for (let r = 0; r < ROUNDS; r++) alone.push(await create(ids.pop()!));
  const together: number[] = [];
  for (let r = 0; r < ROUNDS; r++)
    together.push(...(await Promise.all(Array.from({ length: CONCURRENT }, () => create(ids.pop()!)))));
  const med = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const p90 = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.9,
    );
  console.log(
    `AWB creates (DPD emulated, ${engineUnderTest}), Node ${process.version}, ${os.cpus().length} cores, load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(`one at a time: median ${med(alone).toFixed(1)} ms, p90 ${p90(alone).toFixed(1)} ms (${alone.length})`);
  console.log(
    `${CONCURRENT} at a time: median ${med(together).toFixed(1)} ms, p90 ${p90(together).toFixed(1)} ms (${together.length})`,
  );
  const ratio = med(together) / med(alone);
  console.log(
    `${ratio <= 2 ? 'met' : 'MISSED'}: ${CONCURRENT} at a time / one alone (medians) ≤ 2 (${ratio.toFixed(2)})`,
  );
} finally {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
