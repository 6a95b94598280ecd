/**
 * What a bulk AWB job asks of the database for each of its orders: the statements that touch the
 * `orders` table (reads and writes apart), all statements, and the job's time. A seller with DPD
 * (emulated, in process) gets ORDERS orders through the API (not counted), a warm-up job of two
 * orders runs first (statements prepared, caches filled), then one bulk AWB job over the orders runs
 * as the job runner runs it, every statement of the process recorded (src/server/test/statements.ts).
 *
 *   npx tsx bench/bulk-awb-reads.ts                    (SQLite file, 200 orders)
 *   ORDERS=500 npx tsx bench/bulk-awb-reads.ts
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> npx tsx bench/bulk-awb-reads.ts
 *
 * Target: at most three reads of an order per order (the order's subject, the claim's lock, the
 * record's lock); the lifecycle's write of the AWB reads the order's places before it (the kept
 * counts' "before") inside the update, counted apart. The time is the job's from its first slice
 * to its last, and the CPU this process spent meanwhile (the server, the emulated courier and, on
 * SQLite, the database; PostgreSQL's own is not in it), steadier than the time on a shared machine.
 * `SHAPES=1` prints each statement shape.
 */
// Imported first: it counts the statements of the database clients the app opens after it.
import { statementsOf } from '../src/server/test/statements.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobHandlers } from '../src/server/backgroundJobs.js';
import { runDueJobs, type JobHandlers } from '../src/server/jobs/runner.js';
import { bulkJobs } from '../src/server/modules/order-bulk/index.js';
import { order, seller, SMALL } from '../src/server/test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../src/server/test/harness.js';
import { scratchDatabase } from './_pg-database.js';

const ORDERS = Number(process.env.ORDERS ?? 200);

/** A statement that names the orders table itself (not order_products, order_bulk_items, …). */
const TOUCHES_ORDERS = /\b(from|join|update|into)\s+"?orders"?(?![\w"])/i;
/** The lifecycle's read of an order's places before its counted update (order-lifecycle/queries.ts placesOf). */
const PLACES_BEFORE = /^select "o"\."status", "o"\."created_at"|from "orders" as "o" inner join "customers" as "c"/;
const isRead = (q: string) => /^\s*(select|with)\b/i.test(q) && !/^\s*with[\s\S]*\b(update|insert|delete)\b/i.test(q);

/**
 * Runs the due jobs `handlers` know (default: all) as an instance's runner does, until none is left.
 * The bulk job's alone are counted: the shipping SMS each AWB schedules is a job of its own.
 */
async function runJobs(t: TestApp, handlers: JobHandlers = jobHandlers()): Promise<void> {
  while ((await runDueJobs({ services: t.services, handlers, instanceId: 'bench' }, 50)) > 0);
}

async function awbJob(u: TestUser, ids: number[]): Promise<number> {
  const res = await u.call('POST', '/api/v1/order-bulk', {
    body: { action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } },
  });
  if (res.statusCode !== 202) throw new Error(`bulk start: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

const shape = (q: string) => q.replace(/\s+/g, ' ').slice(0, 110);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-reads-'));
  const pgDb = process.env.TEST_DATABASE_URL ? await scratchDatabase(process.env.TEST_DATABASE_URL) : null;
  const t = await startTestApp(pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: path.join(dir, 'app.db') });
  try {
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`bulk AWB reads per order, ${ORDERS} orders (${engineUnderTest}), Node ${process.version}`);
    console.log(`load average at start: ${load()}`);
    const s = await seller(await t.signUp());
    const ids: number[] = [];
    for (let i = 0; i < ORDERS + 2; i++) ids.push(await order(s));
    await awbJob(s.u, ids.splice(0, 2));
    await runJobs(t);

    const id = await awbJob(s.u, ids);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const statements = await statementsOf(() => runJobs(t, bulkJobs));
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    await runJobs(t);
    const res = await s.u.call('GET', `/api/v1/order-bulk/${id}`);
    const job = res.json().data as { done: number; skipped: number; failed: number };

    const onOrders = statements.filter((q) => TOUCHES_ORDERS.test(q));
    const reads = onOrders.filter(isRead);
    const placesBefore = reads.filter((q) => PLACES_BEFORE.test(q));
    const per = (n: number) => (n / ORDERS).toFixed(2);
    console.log(`\njob: ${job.done} done, ${job.skipped} skipped, ${job.failed} failed`);
    console.log(`  statements in all: ${per(statements.length)} an order (${statements.length})`);
    console.log(`  touching orders: ${per(onOrders.length)} an order (${onOrders.length})`);
    console.log(`    reads of orders: ${per(reads.length)} an order (${reads.length})`);
    console.log(`      of them the lifecycle's places before its update: ${per(placesBefore.length)} an order`);
    console.log(`      reads of the AWB path: ${per(reads.length - placesBefore.length)} an order (target ≤ 3)`);
    console.log(`    writes of orders: ${per(onOrders.length - reads.length)} an order`);
    console.log(`  time: ${(ms / 1000).toFixed(2)} s, ${(ms / ORDERS).toFixed(1)} ms an order`);
    // This process: the server, the emulated courier and (SQLite) the database; not PostgreSQL's.
    console.log(`  CPU of this process: ${((cpu.user + cpu.system) / 1000 / ORDERS).toFixed(2)} ms an order`);
    console.log(`load average at the end: ${load()}`);
    if (process.env.SHAPES === '1') {
      const counts = new Map<string, number>();
      for (const q of onOrders) counts.set(shape(q), (counts.get(shape(q)) ?? 0) + 1);
      for (const [q, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${per(n).padStart(6)}  ${q}`);
    }
    if (job.done !== ORDERS) process.exitCode = 1;
  } finally {
    await t.close();
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
