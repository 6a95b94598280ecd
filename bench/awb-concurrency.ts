/**
 * AWB creates at the same time: a seller with DPD (emulated, in process) creates AWBs for its
 * orders one at a time, then five at a time (ROUNDS rounds each), each timed from the request to
 * its answer. The goal: five at a time cost each no more than twice one alone.
 *
 * What bounds it is printed beside the times, so a miss says where the time went:
 * - the process's CPU per create (user + system, every thread of it) in each phase, and the share of
 *   one core the process used while five ran at a time: the server's JavaScript runs on one thread,
 *   so near 100 % there the five queue for that thread, whatever the database does;
 * - of the CPU of one create alone, the emulated DPD's part (its requests handed in process, its
 *   store in the same database: work a real courier does on its own machines);
 * - on PostgreSQL with WAITS=1, what the database sessions waited on during the five at a time,
 *   sampled every 5 ms by a separate process (bench/_pg-waits.mjs, so the sampling costs this
 *   process nothing): `Lock:transactionid` on a statement is a row another transaction holds (a
 *   hot counter row), `idle in transaction` a transaction waiting for this process to send its
 *   next statement.
 *
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> ROUNDS=5 npx tsx bench/awb-concurrency.ts
 *   npx tsx bench/awb-concurrency.ts                 (SQLite file)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { DPD_AWB_BODY, order, seller } from '../src/server/test/bulk.js';
import { engineUnderTest, startTestApp } from '../src/server/test/harness.js';
import { percentile } from './_load.js';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const CONCURRENT = 5;

/** Milliseconds of CPU (user + system) of this process since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

/** The wait sampler (WAITS=1, PostgreSQL): started and ready before the phase it samples. */
async function waitSampler() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '_pg-waits.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  await next(); // ready
  return {
    start: () => child.stdin!.write('start\n'),
    stop: async (): Promise<{ samples: number; counts: [string, number][] }> => {
      const answer = next();
      child.stdin!.write('stop\n');
      return JSON.parse(await answer);
    },
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-awb-'));
const t = await startTestApp(engineUnderTest === 'sqlite' ? { sqliteFile: path.join(dir, 'app.db') } : {});
try {
  const s = await seller(await t.signUp());
  const ids: number[] = [];
  for (let i = 0; i < ROUNDS * (1 + CONCURRENT) + 2; i++) ids.push(await order(s));
  // The emulated courier's part: the CPU spent while a request is handed to the emulators. Read in
  // the one-at-a-time phase only, where nothing else runs meanwhile.
  const host = t.app.emulatorHost!;
  const inject = host.inject.bind(host);
  const courier = { on: false, cpu: 0 };
  (host as { inject: typeof host.inject }).inject = async (o) => {
    if (!courier.on) return inject(o);
    const c0 = process.cpuUsage();
    try {
      return await inject(o);
    } finally {
      courier.cpu += cpuSince(c0);
    }
  };
  const create = async (id: number): Promise<number> => {
    const t0 = performance.now();
    const res = await s.u.call('POST', `/api/v1/order/${id}/awb`, { body: DPD_AWB_BODY });
    if (res.statusCode !== 201) throw new Error(`AWB of order ${id}: ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };
  // Two to warm up (statements prepared, emulator loaded), not counted.
  await create(ids.pop()!);
  await create(ids.pop()!);
  const sampler = process.env.WAITS && engineUnderTest === 'postgres' ? await waitSampler() : null;
  const load = os.loadavg()[0];

  const alone: number[] = [];
  courier.on = true;
  let c0 = process.cpuUsage();
  let w0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) alone.push(await create(ids.pop()!));
  const aloneCpu = cpuSince(c0) / alone.length;
  const aloneShare = cpuSince(c0) / (performance.now() - w0);
  courier.on = false;

  const together: number[] = [];
  sampler?.start();
  c0 = process.cpuUsage();
  w0 = performance.now();
  for (let r = 0; r < ROUNDS; r++)
    together.push(...(await Promise.all(Array.from({ length: CONCURRENT }, () => create(ids.pop()!)))));
  const togetherCpu = cpuSince(c0) / together.length;
  const togetherShare = cpuSince(c0) / (performance.now() - w0);
  const waits = await sampler?.stop();

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
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  console.log(
    `AWB creates (DPD emulated, ${engineUnderTest}), Node ${process.version}, ${os.cpus().length} cores, load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `one at a time: median ${med(alone).toFixed(1)} ms, p90 ${p90(alone).toFixed(1)} ms (${alone.length}); ` +
      `CPU ${aloneCpu.toFixed(1)} ms a create (the emulated courier ${(courier.cpu / alone.length).toFixed(1)} ms), ${pct(aloneShare)} of a core`,
  );
  console.log(
    `${CONCURRENT} at a time: median ${med(together).toFixed(1)} ms, p90 ${p90(together).toFixed(1)} ms (${together.length}); ` +
      `CPU ${togetherCpu.toFixed(1)} ms a create, ${pct(togetherShare)} of a core`,
  );
  if (waits) {
    console.log(`database sessions during ${CONCURRENT} at a time (${waits.samples} samples, 5 ms apart):`);
    for (const [what, n] of waits.counts.slice(0, 8)) console.log(`  ${String(n).padStart(5)}  ${what}`);
  }
  const ratio = med(together) / med(alone);
  console.log(
    `${ratio <= 2 ? 'met' : 'MISSED'}: ${CONCURRENT} at a time / one alone (medians) ≤ 2 (${ratio.toFixed(2)})`,
  );
} finally {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
