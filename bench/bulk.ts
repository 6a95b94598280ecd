/**
 * Work on many orders at once, against the emulated providers in process:
 *
 *   npx tsx bench/bulk.ts                 (SQLite file, 500 orders)
 *   ORDERS=200 npx tsx bench/bulk.ts
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> npx tsx bench/bulk.ts
 *
 * A seller with DPD and SmartBill set up gets ORDERS orders (not timed). Then, each timed from the
 * request that starts the job until its result is in hand, as the job runner runs it:
 * 1. a bulk AWB job over the orders, then the merged labels PDF of its AWBs (target ≤ 60 s for 500);
 * 2. a bulk invoice job over the same orders (target ≤ 120 s for 500).
 * Both are checked: every order done, one AWB per order at the emulated courier and one invoice
 * per order at the emulated SmartBill (no duplicate), and the merged PDF has one page per AWB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { jobHandlers } from '../src/server/backgroundJobs.js';
import type { DpdShipment } from '../src/server/emulators/dpd.js';
import { runDueJobs } from '../src/server/jobs/runner.js';
import { order, seller, SMALL } from '../src/server/test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../src/server/test/harness.js';
import { scratchDatabase } from './_pg-database.js';

const ORDERS = Number(process.env.ORDERS ?? 500);

async function runJobs(t: TestApp): Promise<void> {
  while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'bench' }, 50)) > 0);
}

async function job(u: TestUser, body: unknown): Promise<number> {
  const res = await u.call('POST', '/api/v1/order-bulk', { body });
  if (res.statusCode !== 202) throw new Error(`bulk start: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

async function report(u: TestUser, id: number) {
  const res = await u.call('GET', `/api/v1/order-bulk/${id}`);
  return res.json().data as {
    status: string;
    done: number;
    skipped: number;
    failed: number;
    items: { order_id: number; outcome: string; reason: string | null; awb?: string; bill_number?: string }[];
  };
}

function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
  const pgDb = process.env.TEST_DATABASE_URL ? await scratchDatabase(process.env.TEST_DATABASE_URL) : null;
  const t = await startTestApp(pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: path.join(dir, 'app.db') });
  try {
    console.log(
      `bulk work on ${ORDERS} orders (${engineUnderTest}), Node ${process.version}, ${os.cpus().length} cores`,
    );
    console.log(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const s = await seller(await t.signUp(), { smartBill: true });
    const seeded = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i++) ids.push(await order(s, { products: { 'CANA-1': 1 + (i % 3), 'BOL-2': 1 } }));
    console.log(
      `  (${ORDERS} orders made through the API in ${((Date.now() - seeded) / 1000).toFixed(1)} s, not timed)`,
    );

    // 1. AWBs, then the merged labels.
    let t0 = performance.now();
    const awbJob = await job(s.u, { action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } });
    await runJobs(t);
    const tAwb = performance.now() - t0;
    const labels = await s.u.call('GET', `/api/v1/order-bulk/${awbJob}/labels`);
    const tLabels = performance.now() - t0;
    const awbs = await report(s.u, awbJob);
    const atDpd = (await t.app.emulators!.dpd.store.list<DpdShipment>('shipments')).filter((x) => !x.deleted);
    const refs = atDpd.map((x) => Number(x.reference?.split('-')[0]));
    const pages = labels.statusCode === 200 ? (await PDFDocument.load(labels.rawPayload)).getPageCount() : -1;
    console.log(
      `\n${ORDERS} AWBs (DPD, emulated): job ${(tAwb / 1000).toFixed(1)} s; with the merged PDF ${(tLabels / 1000).toFixed(1)} s (target ≤ 60 s for 500)`,
    );
    console.log(`  merged PDF: ${pages} pages, ${(labels.rawPayload.length / 1024).toFixed(0)} kB`);
    check(awbs.done === ORDERS, `every order done (${awbs.done} done, ${awbs.skipped} skipped, ${awbs.failed} failed)`);
    check(
      atDpd.length === ORDERS && new Set(refs).size === ORDERS,
      `one AWB per order at DPD (${atDpd.length} AWBs, ${new Set(refs).size} orders)`,
    );
    check(pages === ORDERS, 'one page per label');

    // 2. Invoices, one after another.
    t0 = performance.now();
    const invoiceJob = await job(s.u, { action: 'invoice', selection: { ids } });
    await runJobs(t);
    const tInvoices = performance.now() - t0;
    const invoices = await report(s.u, invoiceJob);
    const bills = invoices.items.map((i) => i.bill_number).filter(Boolean);
    const atSmartBill = (
      await t.app.emulators!.smartbill.store.list<{ number?: string; seriesName?: string }>('invoices')
    ).length;
    console.log(
      `\n${ORDERS} invoices (SmartBill, emulated): ${(tInvoices / 1000).toFixed(1)} s (target ≤ 120 s for 500)`,
    );
    check(
      invoices.done === ORDERS,
      `every order invoiced (${invoices.done} done, ${invoices.skipped} skipped, ${invoices.failed} failed)`,
    );
    check(
      new Set(bills).size === ORDERS && atSmartBill === ORDERS,
      `one invoice per order (${new Set(bills).size} bill numbers, ${atSmartBill} at SmartBill)`,
    );
    console.log(
      `\nload average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const failures = [...awbs.items, ...invoices.items].filter((i) => i.outcome !== 'done').slice(0, 5);
    for (const f of failures) console.log(`  order ${f.order_id}: ${f.outcome} ${f.reason}`);
  } finally {
    await t.close();
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
