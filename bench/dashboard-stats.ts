/**
 * The dashboard's figures at a million orders: `dashboardStats` (the service behind
 * GET /api/v1/dashboard/stats) for the default 30 days and for 90 days, on SQLite and (with
 * BENCH_DATABASE_URL) on PostgreSQL.
 *
 *   npx tsx bench/dashboard-stats.ts
 *   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard-stats.ts
 *
 * The call reads only the kept figures (order_source_day_stats, order_status_day_stats,
 * courier_day_stats, product_day_stats, product_period_stats, cod_totals), so what matters is their
 * size, not the orders': the bench draws a million orders of one company over 90 days (30 sources,
 * 320 products with 1–3 lines each, every status, four courier outcomes at three couriers) in
 * memory, writes the rows those orders keep, and times 300 calls of each range after a warm-up. The
 * orders themselves are not written: no dashboard call reads them.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { serviceContext } from '../src/server/context.js';
import { bucharestDate } from '../src/server/lib/bucharestTime.js';
import { productPeriodRows } from '../src/server/modules/order-counts/index.js';
import { dashboardStats } from '../src/server/modules/dashboard/index.js';
import { percentile } from './_load.js';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const CALLS = Number(process.env.CALLS ?? 300);
const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

async function fill(db: Db): Promise<number> {
  const now = NOW;
  const company = await db.kysely
    .insertInto('companies')
    .values({
      name: 'Bench SRL',
      vat_number: 'RO14399840',
      vat_payer: 1,
      administrator_name: 'Bench',
      active: 1,
      address: null,
      city: null,
      county: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyId = company.id;
  const rand = rng(42);
  const statuses: [string, number][] = [
    ['completed', 0.55],
    ['processing', 0.15],
    ['new', 0.12],
    ['cancelled', 0.1],
    ['storno', 0.08],
  ];
  const couriers = ['cargus', 'sameday', 'dpd'];
  const courierStates = ['delivered', 'returning', 'refused', 'in_transit'];
  const days = new Map<string, { orders: number; revenue: number; cod: number }>();
  const products = new Map<string, { quantity: number; revenue: number }>();
  for (let i = 0; i < ORDERS; i++) {
    const created = now - 90 * DAY + Math.floor((i * 90 * DAY) / ORDERS);
    const day = bucharestDate(created);
    let roll = rand();
    let status = 'new';
    for (const [s, share] of statuses) {
      if (roll < share) {
        status = s;
        break;
      }
      roll -= share;
    }
    const source = 1 + Math.floor(rand() * 30);
    const shipped = status === 'completed' || status === 'processing' || status === 'storno';
    const courier = shipped ? couriers[Math.floor(rand() * 3)] : '';
    const cs = shipped ? courierStates[Math.floor(rand() ** 3 * 4)] : '';
    const total = 2000 + Math.floor(rand() * 50000);
    const k = [day, source, status, courier, cs].join('|');
    const d = days.get(k) ?? { orders: 0, revenue: 0, cod: 0 };
    d.orders++;
    d.revenue += total;
    d.cod += courier ? total : 0;
    days.set(k, d);
    if (status !== 'cancelled')
      for (let l = 1 + Math.floor(rand() * 3); l > 0; l--) {
        const pk = `${day}|${1 + Math.floor(rand() * 320)}`;
        const p = products.get(pk) ?? { quantity: 0, revenue: 0 };
        p.quantity += 1;
        p.revenue += 1999;
        products.set(pk, p);
      }
  }
  const sourceRows = new Map<
    string,
    { company_id: number; day: string; source_id: number; orders: number; revenue_bani: number }
  >();
  const statusRows = new Map<
    string,
    { company_id: number; day: string; status: string; orders: number; revenue_bani: number }
  >();
  const courierRows = new Map<
    string,
    { company_id: number; day: string; courier: string; courier_status: string; orders: number; cod_bani: number }
  >();
  for (const [k, v] of days) {
    const [day, source, status, courier, cs] = k.split('|');
    const sk = `${day}|${source}`;
    const so = sourceRows.get(sk) ?? {
      company_id: companyId,
      day,
      source_id: Number(source),
      orders: 0,
      revenue_bani: 0,
    };
    so.orders += v.orders;
    so.revenue_bani += status === 'cancelled' ? 0 : v.revenue;
    sourceRows.set(sk, so);
    const tk = `${day}|${status}`;
    const st = statusRows.get(tk) ?? { company_id: companyId, day, status, orders: 0, revenue_bani: 0 };
    st.orders += v.orders;
    st.revenue_bani += v.revenue;
    statusRows.set(tk, st);
    if (!courier) continue;
    const ck = `${day}|${courier}|${cs}`;
    const c = courierRows.get(ck) ?? {
      company_id: companyId,
      day,
      courier,
      courier_status: cs,
      orders: 0,
      cod_bani: 0,
    };
    c.orders += v.orders;
    c.cod_bani += v.cod;
    courierRows.set(ck, c);
  }
  const productRows = [...products.entries()].map(([k, v]) => {
    const [day, product] = k.split('|');
    return { company_id: companyId, day, product_id: Number(product), quantity: v.quantity, revenue_bani: v.revenue };
  });
  const periodRows = productPeriodRows(productRows);
  const tables = [
    ['order_source_day_stats', [...sourceRows.values()]],
    ['order_status_day_stats', [...statusRows.values()]],
    ['courier_day_stats', [...courierRows.values()]],
    ['product_day_stats', productRows],
    ['product_period_stats', periodRows],
  ] as const;
  for (const [table, rows] of tables)
    for (let i = 0; i < rows.length; i += 500)
      await db.kysely
        .insertInto(table)
        .values(rows.slice(i, i + 500) as never)
        .execute();
  for (const courier of couriers)
    await db.kysely
      .insertInto('cod_totals')
      .values({
        company_id: companyId,
        courier,
        parcels: 1000,
        expected_bani: 1_000_000,
        paid_bani: 990_000,
        fee_bani: 0,
      })
      .execute();
  console.log(`  kept rows: ${tables.map(([table, rows]) => `${rows.length} ${table}`).join(', ')}`);
  return companyId;
}

async function time(
  db: Db,
  companyId: number,
  query: Record<string, string>,
): Promise<{ p50: number; p99: number; cpu: number }> {
  const services = { db, clock: { now: () => NOW }, providers: undefined as never, secrets: undefined as never };
  const ctx = { ...serviceContext(services, { companyId }), now: NOW };
  for (let i = 0; i < 20; i++) await dashboardStats(ctx, query);
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const t0 = process.hrtime.bigint();
    await dashboardStats(ctx, query);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const cpu = process.cpuUsage(cpu0);
  ms.sort((a, b) => a - b);
  // The process's own CPU per call: what the call costs here, whatever else the machine runs.
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), cpu: (cpu.user + cpu.system) / 1000 / CALLS };
}

async function run(label: string, db: Db) {
  console.log(`${label}:`);
  await migrateToLatest(db);
  const companyId = await fill(db);
  if (db.engine === 'postgres') await sql`analyze`.execute(db.kysely);
  const today = bucharestDate(NOW);
  for (const [name, q] of [
    ['last 30 days (default)', {}],
    ['90 days', { from: bucharestDate(NOW - 89 * DAY), to: today }],
  ] as const) {
    const r = await time(db, companyId, q);
    console.log(
      `  ${name}: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, this process's CPU ${r.cpu.toFixed(2)} ms a call (${CALLS} calls)`,
    );
  }
}

console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${ORDERS.toLocaleString('en')} orders`,
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dashstats-'));
const sqlite = openDb(`sqlite:${path.join(dir, 'app.db')}`);
await run('SQLite', sqlite);
await sqlite.close();
fs.rmSync(dir, { recursive: true, force: true });
if (process.env.BENCH_DATABASE_URL) {
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = openDb(process.env.BENCH_DATABASE_URL);
  await admin.kysely.schema.createSchema(schema).execute();
  const pg = openDb(process.env.BENCH_DATABASE_URL, { schema });
  try {
    await run('PostgreSQL', pg);
  } finally {
    await pg.close();
    await admin.kysely.schema.dropSchema(schema).cascade().execute();
    await admin.close();
  }
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
