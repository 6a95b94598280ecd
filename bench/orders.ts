/**
 * Orders at a million: seeds ORDERS orders (default 1,000,000, one company, 1-3 lines each,
 * customers shared by phone, automatic discounts, flags) into SQLite and, with BENCH_DATABASE_URL,
 * into PostgreSQL; starts the real server on each in its own process and measures with autocannon
 * (10 connections, DURATION seconds each), beside a bare Fastify JSON route in another process in
 * the same run: list page 1 newest first, a deep page, search by phone / name / id, order detail,
 * the dashboard's five counts fired together, the status tab counts and the filtered lists and
 * counts (a courier over a month, no AWB, a flagged customer). Prints the query plans of the
 * list's queries. Shipped orders (processing, completed) get a courier, an AWB and a courier
 * status, completed ones an invoice number, as if made through the console.
 *
 *   npx tsx bench/orders.ts
 *   ORDERS=200000 DURATION=5 npx tsx bench/orders.ts
 *   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npx tsx bench/orders.ts
 *   ENGINES=postgres BENCH_DATABASE_URL=... npx tsx bench/orders.ts     (one engine only)
 *
 * On PostgreSQL it makes a database of its own (bench_orders_<random>) and drops it after, unless
 * BENCH_KEEP=1. To measure again without seeding again: BENCH_SQLITE_FILE=<path> keeps the SQLite
 * file and reuses it when it is there; BENCH_PG_DB=<name> does the same with a PostgreSQL database
 * (migrations run and statistics are taken again on a reused one). ONLY=<regexp> measures the
 * matching requests only (the bare route always).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDb, type Db } from '../src/server/db/connection.js';
import { customerOf } from '../src/server/seed/orders.js';
import { searchPagePostgres } from '../src/server/modules/customers/index.js';
import { fromBucharest, toBucharest } from '../src/server/lib/bucharestTime.js';
import { load, percentile } from './_load.js';
import { serverMode, shippedServerArgs } from './_shipped.js';
import { seedOrders } from './_orders-seed.js';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = 10;
const pgUrl = process.env.BENCH_DATABASE_URL;
const engines = (process.env.ENGINES ?? (pgUrl ? 'sqlite,postgres' : 'sqlite')).split(',');
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const here = path.dirname(fileURLToPath(import.meta.url));

const log = (line: string) => console.log(line);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startChild(env: Record<string, string>): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  // The server as it ships (_shipped.ts); the bare route through tsx (its cost is Fastify's, not the loader's).
  const entry = path.join(here, '_orders-server.ts');
  const args = env.BARE ? ['--import', 'tsx', entry] : await shippedServerArgs(entry);
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('ready')) resolve();
    });
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { proc, url: `http://127.0.0.1:${port}` };
}

/** The Bucharest days of the month ending 30 days ago, as the filter's text and as seconds. */
function monthRange(): { fromDay: string; toDay: string; from: number; to: number } {
  const day = (s: number) => toBucharest(s).slice(0, 10);
  const now = Math.floor(Date.now() / 1000);
  const fromDay = day(now - 60 * 86400);
  const toDay = day(now - 31 * 86400);
  return { fromDay, toDay, from: fromBucharest(fromDay)!, to: fromBucharest(day(now - 30 * 86400))! };
}

// ---- measuring --------------------------------------------------------------------------------

interface Row {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(label: string, url: string, headers: Record<string, string>): Promise<Row | null> {
  if (only && !url.endsWith('/bare') && !only.test(label)) return null;
  const first = await fetch(url, { headers });
  if (first.status !== 200) throw new Error(`${label}: ${first.status} ${await first.text()}`);
  return { label, ...(await load({ url, connections: CONNECTIONS, duration: DURATION, headers })) };
}

/** The dashboard's five counts fired together, as the page does: time until all five answered. */
async function dashboard(base: string, headers: Record<string, string>): Promise<Row> {
  const urls = ['company', 'product', 'order', 'source', 'customer'].map((p) => `${base}/api/v1/${p}?items=1`);
  const times: number[] = [];
  const end = Date.now() + DURATION * 1000;
  let errors = 0;
  while (Date.now() < end) {
    const s = performance.now();
    const res = await Promise.all(urls.map((u) => fetch(u, { headers })));
    for (const r of res) {
      if (r.status !== 200) errors++;
      await r.arrayBuffer();
    }
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return {
    label: 'dashboard: 5 counts together (1 client)',
    rps: times.length / DURATION,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    errors,
  };
}

async function plans(db: Db, companyId: number, phone: string): Promise<void> {
  const k = db.kysely;
  const customer = await k
    .selectFrom('company_customers')
    .select('customer_id as id')
    .where('company_id', '=', companyId)
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  const queries: [string, ReturnType<typeof sql>][] = [
    ['list page 1', sql`select id from orders where company_id = ${companyId} order by id desc limit 10 offset 0`],
    [
      'deep page (offset 250000)',
      sql`select id from orders where company_id = ${companyId} order by id desc limit 10 offset 250000`,
    ],
    [
      'page rows',
      sql`select o.*, d.name, d.email, cc.phone_number from orders o join order_customer_details d on d.order_id = o.id join company_customers cc on cc.company_id = o.company_id and cc.customer_id = o.customer_id where o.id in (1000, 1002, 1004) and o.company_id = ${companyId}`,
    ],
    [
      'search by phone',
      sql`select id from orders where customer_id = ${customer.id} and company_id = ${companyId} order by id desc limit 201`,
    ],
    [
      'kept count',
      sql`select sum(n) from list_counts where company_id = ${companyId} and list = 'orders' and bucket = ''`,
    ],
  ];
  // The name search's queries as the list runs them (src/server/modules/orders/queries.ts).
  if (db.engine === 'sqlite') {
    queries.push([
      'search by name: two trigrams of "Maria Moldovan", each candidate checked (FTS5)',
      sql`select o.id from orders_search s cross join orders o on o.id = s.rowid cross join order_customer_details d on d.order_id = s.rowid where orders_search match '"Mar" AND "van"' and o.company_id = ${companyId} and folded_contains('Maria Moldovan', d.name, d.email) order by s.rowid desc limit 201`,
    ]);
    queries.push([
      'customers search by name: two trigrams of "Maria Moldovan", each candidate checked (FTS5)',
      sql`select cc.customer_id as id from company_customers_search s cross join company_customers cc on cc.company_id = ${companyId} and cc.customer_id = (s.rowid & 4294967295) where company_customers_search match '"Mar" AND "van"' and s.rowid between (${companyId} << 32) and ((${companyId} << 32) | 4294967295) and (cc.name like '%Maria Moldovan%' escape '\\' or cc.email like '%Maria Moldovan%' escape '\\') order by s.rowid desc limit 201`,
    ]);
  } else {
    queries.push([
      'search by name: the newest 5,000 details walked ("Popescu")',
      sql`select m.order_id from (select d.order_id, d.search_text from order_customer_details d where d.company_id = ${companyId} order by d.order_id desc limit 5000) m where m.search_text like lower('%Popescu%') escape '\\' order by m.order_id desc limit 201`,
    ]);
    queries.push([
      'search by name: trigram probe of two trigrams ("Maria Moldovan")',
      sql`select m.order_id from (select d.order_id, d.search_text from order_customer_details d where d.company_id = ${companyId} and d.search_text like lower('%Mar%') and d.search_text like lower('%van%') offset 0) m where m.search_text like lower('%Maria Moldovan%') escape '\\' limit 201`,
    ]);
    // The customers search as the list runs it (src/server/modules/customers/queries.ts): one statement.
    for (const term of ['Popescu', 'Maria Moldovan'])
      queries.push([
        `customers search by name, the count and page 1 in one statement ("${term}")`,
        searchPagePostgres(companyId, term, { offset: 0, items: 10, bound: 200 }),
      ]);
    queries.push([
      'search by name: the page walk past the newest 5,000 ("Maria Moldovan")',
      sql`select m.order_id from order_customer_details m where m.company_id = ${companyId} and coalesce(m.search_text, '') like lower('%Maria Moldovan%') escape '\\' and m.order_id < (select order_id from order_customer_details where company_id = ${companyId} order by order_id desc offset 4999 limit 1) order by m.order_id desc limit 10`,
    ]);
  }
  // The filtered list's statements as modules/orders/filter.ts and queries.ts write them.
  const { from, to, fromDay, toDay } = monthRange();
  const bounds = await k
    .selectFrom('order_list_day_counts')
    .select([sql<number>`min(min_id)`.as('lo'), sql<number>`max(max_id)`.as('hi')])
    .where('company_id', '=', companyId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .where('courier', '=', 'cargus')
    .executeTakeFirstOrThrow();
  // SQLite checks the dates on each entry walked (a unary plus), so that it walks the ids.
  const created = db.engine === 'sqlite' ? sql`+o.created_at` : sql`o.created_at`;
  const filtered: [string, ReturnType<typeof sql>][] = [
    // The total and the tab counts of a courier over a month: its kept per-day rows (migration 064).
    [
      'courier + a month: kept per-day counts (total, tab counts)',
      sql`select status, invoice_status, sum(orders) as n, min(min_id) as min_id, max(max_id) as max_id from order_list_day_counts
        where company_id = ${companyId} and day >= ${fromDay} and day <= ${toDay} and courier = 'cargus' group by status, invoice_status`,
    ],
    [
      'courier + a month: page, between the kept id bounds',
      sql`select o.id from orders o where o.company_id = ${companyId} and o.courier = 'cargus' and ${created} >= ${from} and ${created} < ${to}
        and o.id between ${bounds.lo} and ${bounds.hi} order by o.id desc limit 10 offset 0`,
    ],
    // What a courier over a month with another filter (no kept counts) still counts.
    [
      'courier + a month + another filter: count',
      sql`select count(*) as n from orders o where o.company_id = ${companyId} and o.courier = 'cargus' and o.created_at >= ${from} and o.created_at < ${to}`,
    ],
    [
      'no AWB: page',
      sql`select o.id from orders o where o.company_id = ${companyId} and o.awb is null order by o.id desc limit 10 offset 0`,
    ],
    [
      'flagged: page',
      sql`select o.id from orders o where o.company_id = ${companyId} and o.customer_id in (select fl.customer_id from flags fl) order by o.id desc limit 10 offset 0`,
    ],
    // The counts and totals of no AWB / an AWB and flagged / not flagged are kept (modules/order-counts/listCounts.ts): one read of the company's buckets.
    [
      'kept counts of every bucket (tabs, no AWB, flagged)',
      sql`select bucket, sum(n) as n from list_counts where company_id = ${companyId} and list = 'orders' group by bucket`,
    ],
  ];
  queries.push(...filtered);
  for (const [label, q] of queries) {
    const explain =
      db.engine === 'sqlite' ? sql`explain query plan ${q}` : sql`explain (analyze, buffers, costs off) ${q}`;
    const { rows } = await explain.execute(k);
    log(`\n  plan: ${label}`);
    for (const r of rows as Record<string, unknown>[]) log(`    ${String(r.detail ?? r['QUERY PLAN'])}`);
  }
}

async function runEngine(engine: string): Promise<void> {
  let url: string;
  let dropDb = async () => {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  if (engine === 'postgres') {
    if (!pgUrl) throw new Error('BENCH_DATABASE_URL is needed for PostgreSQL');
    const kept = process.env.BENCH_PG_DB;
    const name = kept ?? `bench_orders_${crypto.randomBytes(4).toString('hex')}`;
    const admin = openDb(pgUrl);
    const exists = await sql<{ n: number }>`select 1 as n from pg_database where datname = ${name}`.execute(
      admin.kysely,
    );
    if (exists.rows.length === 0) await sql`create database ${sql.id(name)}`.execute(admin.kysely);
    await admin.close();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      // BENCH_KEEP=1 leaves the seeded database for a look at its plans (psql, EXPLAIN ANALYZE).
      if (process.env.BENCH_KEEP === '1' || kept) return log(`kept database ${name}`);
      const a = openDb(pgUrl);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(a.kysely);
      await a.close();
    };
  } else {
    url = `sqlite:${process.env.BENCH_SQLITE_FILE ? path.resolve(process.env.BENCH_SQLITE_FILE) : path.join(dir, 'bench.db')}`;
  }
  log(`\n===== ${engine}: ${ORDERS.toLocaleString('en')} orders`);
  const db = openDb(url);
  const children: ChildProcess[] = [];
  try {
    const { token, companyIds } = await seedOrders(db, ORDERS, log);
    const companyId = companyIds[0];
    // A customer with orders in the first company, its phone written the way people type it.
    const sample = await db.kysely
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .offset(5000)
      .limit(1)
      .executeTakeFirstOrThrow();
    const phoneRow = await db.kysely
      .selectFrom('customers')
      .select('phone_number')
      .where('id', '=', sample.customer_id)
      .executeTakeFirstOrThrow();
    const typed = `0${phoneRow.phone_number.slice(3, 6)} ${phoneRow.phone_number.slice(6, 9)} ${phoneRow.phone_number.slice(9)}`;
    await plans(db, companyId, phoneRow.phone_number);
    await db.close();

    const server = await startChild({ DATABASE_URL: url });
    const bare = await startChild({ BARE: '1' });
    children.push(server.proc, bare.proc);
    const headers = { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) };
    const api = `${server.url}/api/v1`;
    const perCompany = ORDERS;
    const deepPage = Math.floor(perCompany / 10 / 2);
    const rows: (Row | null)[] = [];
    rows.push(await cannon('bare Fastify JSON route', `${bare.url}/bare`, {}));
    rows.push(await cannon('list page 1, newest first', `${api}/order?page=1&items=10&sort=-created_at`, headers));
    rows.push(
      await cannon(
        `deep page ${deepPage} (offset ${(deepPage - 1) * 10})`,
        `${api}/order?page=${deepPage}&items=10`,
        headers,
      ),
    );
    rows.push(await cannon(`search phone "${typed}"`, `${api}/order?search=${encodeURIComponent(typed)}`, headers));
    rows.push(await cannon('search name "Popescu" (broad)', `${api}/order?search=Popescu`, headers));
    rows.push(
      await cannon(
        `search name "${customerOf(4321).name}"`,
        `${api}/order?search=${encodeURIComponent(customerOf(4321).name)}`,
        headers,
      ),
    );
    rows.push(await cannon(`search id "${sample.id}"`, `${api}/order?search=${sample.id}`, headers));
    rows.push(await cannon('order detail', `${api}/order/${sample.id}`, headers));
    rows.push(await cannon('status tab counts (kept)', `${api}/order/counts`, headers));
    for (const status of ['new', 'completed'])
      rows.push(await cannon(`tab ${status} page 1 with its count`, `${api}/order?status=${status}&items=10`, headers));
    const { fromDay, toDay } = monthRange();
    const filters: [string, string][] = [
      [`courier cargus, ${fromDay}..${toDay}`, `courier=cargus&created_from=${fromDay}&created_to=${toDay}`],
      ['no AWB', 'has_awb=0'],
      ['flagged customer', 'flagged=1'],
    ];
    for (const [label, q] of filters) {
      rows.push(await cannon(`filtered page 1: ${label}`, `${api}/order?${q}&items=10`, headers));
      rows.push(await cannon(`filtered tab counts: ${label}`, `${api}/order/counts?${q}`, headers));
    }
    rows.push(await cannon('customers list page 1', `${api}/customer?items=10`, headers));
    rows.push(
      await cannon(`customers search phone "${typed}"`, `${api}/customer?search=${encodeURIComponent(typed)}`, headers),
    );
    rows.push(await cannon('customers search name "Popescu" (broad)', `${api}/customer?search=Popescu`, headers));
    rows.push(
      await cannon(
        `customers search name "${customerOf(4321).name}"`,
        `${api}/customer?search=${encodeURIComponent(customerOf(4321).name)}`,
        headers,
      ),
    );
    if (!only || only.test('dashboard')) rows.push(await dashboard(server.url, headers));
    const ceiling = rows[0]!.rps;
    log(`\nserver ${serverMode()}, Node ${process.version}`);
    log(`\n| ${engine} ${ORDERS.toLocaleString('en')} orders | req/s | p50 ms | p99 ms | of bare | errors |`);
    log('|---|---|---|---|---|---|');
    for (const r of rows.filter((x): x is Row => x !== null))
      log(
        // One dashboard client is not ten connections: no share of the bare route for it.
        `| ${r.label} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.label.includes('(1 client)') ? '—' : `${((r.rps / ceiling) * 100).toFixed(1)} %`} | ${r.errors} |`,
      );
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await db.close().catch(() => {});
    await dropDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const engine of engines) await runEngine(engine);
