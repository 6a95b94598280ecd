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
 * BENCH_KEEP=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Insertable } from 'kysely';
import { openDb, type Db } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createOrderSearch, dropOrderSearch } from '../src/server/db/migrations/010_orders.js';
import { createOrderSearchText, dropOrderSearchText } from '../src/server/db/migrations/020_order_search_text.js';
import type { ProductsTable } from '../src/server/db/schema.js';
import { bulkLoadOrders, customerOf } from '../src/server/seed/orders.js';
import { hashToken, newToken } from '../src/server/http/auth.js';
import { fromBucharest, toBucharest } from '../src/server/lib/bucharestTime.js';
import { load, percentile } from './_load.js';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = 10;
const pgUrl = process.env.BENCH_DATABASE_URL;
const engines = (process.env.ENGINES ?? (pgUrl ? 'sqlite,postgres' : 'sqlite')).split(',');
const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');

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
  const proc = spawn(tsx, [path.join(here, '_orders-server.ts')], {
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

// ---- seeding ----------------------------------------------------------------------------------

const WORDS = ['Cană ceramică', 'Tricou', 'Pernă', 'Miere de salcâm', 'Ghiveci', 'Agendă', 'Brățară', 'Zacuscă'];

async function seed(db: Db): Promise<{ token: string; companyIds: number[] }> {
  await migrateToLatest(db);
  const now = Math.floor(Date.now() / 1000);
  const k = db.kysely;
  const user = await k
    .insertInto('users')
    .values({ email: 'bench@example.ro', password_hash: 'x', first_name: 'Bench', last_name: 'User', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyIds: number[] = [];
  for (const name of ['Bench Unu SRL']) {
    const c = await k
      .insertInto('companies')
      .values({
        name,
        vat_number: 'RO14399840',
        vat_payer: 1,
        administrator_name: 'Bench',
        active: 1,
        address: null,
        city: null,
        county: null,
        shipping_cost: 1999,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.push(c.id);
    await k.insertInto('company_users').values({ company_id: c.id, user_id: user.id }).execute();
    const products: Insertable<ProductsTable>[] = Array.from({ length: 500 }, (_, i) => ({
      company_id: c.id,
      parent_id: null,
      name: `${WORDS[i % WORDS.length]} ${i}`,
      description: null,
      sku: `B${c.id}-${String(i).padStart(4, '0')}`,
      sale_type: 'Bucata',
      stock: 1000,
      selling_price: 1500 + (i % 90) * 250,
      buying_price: 900,
      currency: 'RON',
      created_at: now,
      updated_at: now,
    }));
    await k.insertInto('products').values(products).execute();
    const sources = await k
      .insertInto('sources')
      .values(
        ['Magazin online', 'eMAG Marketplace', 'Telefon', 'Facebook'].map((s) => ({
          company_id: c.id,
          source: s,
          source_key: s.toLowerCase(),
          active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await k
      .insertInto('order_discounts')
      .values([
        {
          company_id: c.id,
          source_id: sources[0].id,
          type: 'amount',
          order_value: 10000,
          value: 1000,
          created_at: now,
          updated_at: now,
        },
        {
          company_id: c.id,
          source_id: sources[0].id,
          type: 'shipping',
          order_value: 25000,
          value: null,
          created_at: now,
          updated_at: now,
        },
        {
          company_id: c.id,
          source_id: sources[1].id,
          type: 'percentage',
          order_value: 15000,
          value: 500,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    const firstProducts = await k
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', c.id)
      .orderBy('id')
      .limit(20)
      .execute();
    await k
      .insertInto('product_discounts')
      .values(
        firstProducts.map((p, i) => ({
          company_id: c.id,
          product_id: p.id,
          type: i % 2 ? 'percentage' : 'amount',
          quantity: 2 + (i % 3),
          value: i % 2 ? 1000 : 500,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  const token = newToken();
  await k
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();

  // The search index is built once after the load instead of row by row.
  await dropOrderSearch(k, db.engine);
  await dropOrderSearchText(k, db.engine);
  const t0 = performance.now();
  const made = await bulkLoadOrders(db, {
    companyIds,
    ordersPerCompany: Math.floor(ORDERS / companyIds.length),
    customers: Math.floor(ORDERS / 3),
    from: now - 365 * 86400,
    to: now - 60,
    seed: 4242,
    userId: user.id,
    flagShare: 0.02,
    adjustStock: false,
    batch: 5000,
    log,
  });
  // What the console's AWB and invoice calls would have written on shipped orders.
  await sql`update orders set courier = case id % 3 when 0 then 'cargus' when 1 then 'sameday' else 'dpd' end,
      awb = 'BN' || id, courier_status = case when status = 'completed' then 'delivered' else 'in_transit' end
    where status in ('processing', 'completed')`.execute(k);
  await sql`update orders set bill_number = 'BNF' || id where status = 'completed'`.execute(k);
  const t1 = performance.now();
  // PostgreSQL searches the folded text's trigram index (migration 020), which replaced 010's.
  if (db.engine === 'postgres') await createOrderSearchText(k, db.engine);
  else await createOrderSearch(k, db.engine);
  if (db.engine === 'postgres') await sql`vacuum analyze`.execute(k);
  else await sql`analyze`.execute(k);
  log(
    `Seeded ${made.orders} orders, ${made.lines} lines, ${made.customers} customers in ${((t1 - t0) / 1000).toFixed(0)} s; search index and statistics in ${((performance.now() - t1) / 1000).toFixed(0)} s`,
  );
  return { token, companyIds };
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

async function cannon(label: string, url: string, headers: Record<string, string>): Promise<Row> {
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
  } else {
    queries.push([
      'search by name: the newest 5,000 details walked ("Popescu")',
      sql`select m.order_id from (select d.order_id, d.search_text from order_customer_details d where d.company_id = ${companyId} order by d.order_id desc limit 5000) m where m.search_text like lower('%Popescu%') escape '\\' order by m.order_id desc limit 201`,
    ]);
    queries.push([
      'search by name: trigram probe of two trigrams ("Maria Moldovan")',
      sql`select m.order_id from (select d.order_id, d.search_text from order_customer_details d where d.company_id = ${companyId} and d.search_text like lower('%Mar%') and d.search_text like lower('%van%') offset 0) m where m.search_text like lower('%Maria Moldovan%') escape '\\' limit 201`,
    ]);
    queries.push([
      'search by name: the page walk past the newest 5,000 ("Maria Moldovan")',
      sql`select m.order_id from order_customer_details m where m.company_id = ${companyId} and coalesce(m.search_text, '') like lower('%Maria Moldovan%') escape '\\' and m.order_id < (select order_id from order_customer_details where company_id = ${companyId} order by order_id desc offset 4999 limit 1) order by m.order_id desc limit 10`,
    ]);
  }
  // The filtered list's statements as modules/orders/filter.ts and queries.ts write them.
  const { from, to } = monthRange();
  const filtered: [string, ReturnType<typeof sql>][] = [
    [
      'courier + a month: count',
      sql`select count(*) as n from orders o where o.company_id = ${companyId} and o.courier = 'cargus' and o.created_at >= ${from} and o.created_at < ${to}`,
    ],
    [
      'courier + a month: page',
      sql`select o.id from orders o where o.company_id = ${companyId} and o.courier = 'cargus' and o.created_at >= ${from} and o.created_at < ${to} order by o.id desc limit 10 offset 0`,
    ],
    [
      'courier + a month: tab counts',
      sql`select o.status, count(*) as n from orders o where o.company_id = ${companyId} and o.courier = 'cargus' and o.created_at >= ${from} and o.created_at < ${to} group by o.status`,
    ],
    ['no AWB: count', sql`select count(*) as n from orders o where o.company_id = ${companyId} and o.awb is null`],
    [
      'no AWB: page',
      sql`select o.id from orders o where o.company_id = ${companyId} and o.awb is null order by o.id desc limit 10 offset 0`,
    ],
    [
      'no AWB: tab counts',
      sql`select o.status, count(*) as n from orders o where o.company_id = ${companyId} and o.awb is null group by o.status`,
    ],
    [
      'flagged: count',
      sql`select count(*) as n from orders o where o.company_id = ${companyId} and o.customer_id in (select fl.customer_id from flags fl)`,
    ],
    [
      'flagged: page',
      sql`select o.id from orders o where o.company_id = ${companyId} and o.customer_id in (select fl.customer_id from flags fl) order by o.id desc limit 10 offset 0`,
    ],
    [
      'flagged: tab counts',
      sql`select o.status, count(*) as n from orders o where o.company_id = ${companyId} and o.customer_id in (select fl.customer_id from flags fl) group by o.status`,
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
    const name = `bench_orders_${crypto.randomBytes(4).toString('hex')}`;
    const admin = openDb(pgUrl);
    await sql`create database ${sql.id(name)}`.execute(admin.kysely);
    await admin.close();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      // BENCH_KEEP=1 leaves the seeded database for a look at its plans (psql, EXPLAIN ANALYZE).
      if (process.env.BENCH_KEEP === '1') return log(`kept database ${name}`);
      const a = openDb(pgUrl);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(a.kysely);
      await a.close();
    };
  } else {
    url = `sqlite:${path.join(dir, 'bench.db')}`;
  }
  log(`\n===== ${engine}: ${ORDERS.toLocaleString('en')} orders`);
  const db = openDb(url);
  const children: ChildProcess[] = [];
  try {
    const { token, companyIds } = await seed(db);
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
    const rows: Row[] = [];
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
    rows.push(await dashboard(server.url, headers));
    const ceiling = rows[0].rps;
    log(`\n| ${engine} ${ORDERS.toLocaleString('en')} orders | req/s | p50 ms | p99 ms | of bare | errors |`);
    log('|---|---|---|---|---|---|');
    for (const r of rows)
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
