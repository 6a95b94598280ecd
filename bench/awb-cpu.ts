/**
 * The CPU one AWB create costs this process, nothing else running in it: a seller with DPD
 * (emulated, in process) creates `N` AWBs one after another (after three not counted), timed by
 * `process.cpuUsage()`. The figure that bounds creates at the same time (bench/awb-concurrency.ts)
 * without their waits; the load of a shared machine swings one run by a third, so compare runs made
 * alternately. `PROF=1` also writes a CPU profile of the creates (`OUT`, default awb-create.cpuprofile).
 *
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> N=40 npx tsx bench/awb-cpu.ts
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { DPD_AWB_BODY, order, seller } from '../src/server/test/bulk.js';
import { engineUnderTest, startTestApp } from '../src/server/test/harness.js';
import { scratchDatabase } from './_pg-database.js';

const N = Number(process.env.N ?? 40);
const PROF = process.env.PROF === '1';
const pgDb = process.env.TEST_DATABASE_URL ? await scratchDatabase(process.env.TEST_DATABASE_URL) : null;
const t = await startTestApp(pgDb ? { databaseUrl: pgDb.url } : {});
try {
  const s = await seller(await t.signUp());
  const ids: number[] = [];
  for (let i = 0; i < N + 3; i++) ids.push(await order(s));
  const create = async (id: number) => {
    const res = await s.u.call('POST', `/api/v1/order/${id}/awb`, { body: DPD_AWB_BODY });
    if (res.statusCode !== 201) throw new Error(`AWB of order ${id}: ${res.statusCode} ${res.body}`);
  };
  for (let i = 0; i < 3; i++) await create(ids.pop()!);
  const session = new inspector.Session();
  if (PROF) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await create(ids.pop()!);
  const d = process.cpuUsage(c0);
  if (PROF) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.OUT ?? 'awb-create.cpuprofile', JSON.stringify(profile));
  }
  console.log(
    `AWB creates (DPD emulated, ${engineUnderTest}), ${N} one after another: CPU ${((d.user + d.system) / 1000 / N).toFixed(2)} ms a create`,
  );
} finally {
  await t.close();
  await pgDb?.drop();
}
