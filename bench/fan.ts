/**
 * 500 FAN Courier AWBs and their merged labels, against FAN's emulator in process:
 *
 *   npx tsx bench/fan.ts                      (SQLite file, 500 orders, A6 labels)
 *   ORDERS=200 LABEL_FORMAT=A4 npx tsx bench/fan.ts
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> npx tsx bench/fan.ts
 *
 * A seller with FAN Courier set up as its wizard does (login with the client number, then the
 * "Standard" service; cash on delivery goes with "Cont Colector") gets ORDERS orders (not timed),
 * its label format set to LABEL_FORMAT (A6 by default; `POST /api/v1/company/{id}/shipping`) where
 * the console has the setting. Then, timed from the request that starts the job until the merged
 * PDF is in hand, as the job runner runs it: a bulk AWB job over the orders, then the merged labels
 * (target ≤ 60 s for 500). Checked: every order done, one AWB per order at the emulated FAN (none
 * twice), one page per AWB, and for A6 every page a label page (≤ 106 × 151 mm).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { jobHandlers } from '../src/server/backgroundJobs.js';
import { runDueJobs } from '../src/server/jobs/runner.js';
import { order, product } from '../src/server/test/bulk.js';
import { FAN_BULK_PARAMS, fanAwbsByOrder, setUpFan } from '../src/server/test/fan.js';
import { engineUnderTest, startTestApp, type TestApp } from '../src/server/test/harness.js';
import { scratchDatabase } from './_pg-database.js';

const ORDERS = Number(process.env.ORDERS ?? 500);
const LABEL_FORMAT = (process.env.LABEL_FORMAT ?? 'A6').toUpperCase();
const MM = 25.4 / 72;

async function runJobs(t: TestApp): Promise<void> {
  while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'bench' }, 50)) > 0);
}

function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fan-'));
  // On PostgreSQL a database of the run's own: startTestApp's schema per file needs the test runner.
  const pgDb = engineUnderTest === 'postgres' ? await scratchDatabase(process.env.TEST_DATABASE_URL!) : null;
  const t = await startTestApp(pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: path.join(dir, 'app.db') });
  try {
    console.log(`${ORDERS} FAN Courier AWBs (${engineUnderTest}), Node ${process.version}, ${os.cpus().length} cores`);
    console.log(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const u = await t.signUp();
    await setUpFan(u);
    const format = await u.call('POST', `/api/v1/company/${u.companyId}/shipping`, {
      body: { label_format: LABEL_FORMAT },
    });
    const labelFormat = format.statusCode === 200 ? LABEL_FORMAT : 'A4';
    if (format.statusCode !== 200)
      console.log(`  (label format not set: ${format.statusCode}; the merged PDF is in the default A4)`);
    const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
    await product(u, 'CANA-1', 'Cană de lut');
    const s = { u, source: src.json().data.id as number };
    const seeded = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i++) ids.push(await order(s, { products: { 'CANA-1': 1 + (i % 3) } }));
    console.log(
      `  (${ORDERS} orders made through the API in ${((Date.now() - seeded) / 1000).toFixed(1)} s, not timed)`,
    );

    const t0 = performance.now();
    const job = await u.call('POST', '/api/v1/order-bulk', {
      body: { action: 'awb', selection: { ids }, params: FAN_BULK_PARAMS },
    });
    if (job.statusCode !== 202) throw new Error(`bulk start: ${job.statusCode} ${job.body}`);
    const jobId = job.json().data.id as number;
    await runJobs(t);
    const tAwb = performance.now() - t0;
    const labels = await u.call('GET', `/api/v1/order-bulk/${jobId}/labels`);
    const tLabels = performance.now() - t0;

    const report = (await u.call('GET', `/api/v1/order-bulk/${jobId}`)).json().data as {
      done: number;
      skipped: number;
      failed: number;
      items: { order_id: number; outcome: string; reason: string | null; awb?: string }[];
    };
    const atFan = await fanAwbsByOrder(t.app.emulators!.fan);
    const pdf = labels.statusCode === 200 ? await PDFDocument.load(labels.rawPayload) : null;
    const pages = pdf?.getPages() ?? [];
    console.log(
      `\n${ORDERS} AWBs (FAN Courier, emulated): job ${(tAwb / 1000).toFixed(1)} s; with the merged ${labelFormat} PDF ${(tLabels / 1000).toFixed(1)} s (target ≤ 60 s for 500)`,
    );
    console.log(`  merged PDF: ${pages.length} pages, ${(labels.rawPayload.length / 1024).toFixed(0)} kB`);
    check(
      report.done === ORDERS,
      `every order done (${report.done} done, ${report.skipped} skipped, ${report.failed} failed)`,
    );
    check(
      report.items.every((i) => (atFan.get(i.order_id) ?? []).length === 1 && atFan.get(i.order_id)![0] === i.awb),
      `one AWB per order at FAN (${[...atFan.values()].flat().length} AWBs, ${atFan.size} orders)`,
    );
    check(pages.length === ORDERS, 'one page per label');
    if (labelFormat === 'A6')
      check(
        pages.every((p) => p.getWidth() * MM <= 106 && p.getHeight() * MM <= 151),
        'every page a label page (≤ 106 × 151 mm)',
      );
    check(tLabels <= 60_000 || ORDERS < 500, 'within 60 s');
    console.log(
      `\nload average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const f of report.items.filter((i) => i.outcome !== 'done').slice(0, 5))
      console.log(`  order ${f.order_id}: ${f.outcome} ${f.reason}`);
  } finally {
    await t.close();
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
