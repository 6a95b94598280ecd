/**
 * Lists under load: seeds a catalogue (PARENTS top-level products, a quarter of them with 2-6
 * variations, so about 2 x PARENTS rows; PARENTS=500000 gives the million rows the targets below
 * are set for), starts the real server (buildApp + listen) and a bare Fastify JSON route in a child
 * process, and measures both with autocannon from this process (10 connections, DURATION seconds
 * each).
 *
 *   npx tsx bench/list-load.ts                          (PARENTS=100000 by default: ~200k rows)
 *   PARENTS=500000 npx tsx bench/list-load.ts           (~1,000,000 rows)
 *   BENCH_DATABASE_URL=postgres://... PARENTS=500000 npx tsx bench/list-load.ts   (own schema, dropped after)
 *   BENCH_DATABASE_URL=postgres://... BENCH_SCHEMA=bench_1m PARENTS=500000 ...      (schema kept and reused)
 *
 * Seeding is set-based SQL (a recursive CTE on SQLite, generate_series on PostgreSQL). On SQLite the
 * triggers (FTS, list_counts) run as they would for real writes; on PostgreSQL the count trigger is
 * set aside and the trigram indexes are built after the load (see seed()), which leaves the same
 * state in minutes instead of hours. PostgreSQL is vacuumed and analysed after, so the figures are
 * the steady state.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { sqliteReaders } from '../src/server/config.js';
import { openDb, type Db } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createProductSearchText, dropProductSearchText } from '../src/server/db/migrations/021_product_search_text.js';
import { hashToken, newToken } from '../src/server/http/auth.js';
import { productPng } from '../src/server/lib/png.js';
import { sha256Hex } from '../src/server/lib/hash.js';
import { load, type Load } from './_load.js';

const WORDS = [
  'Tricou',
  'Cană',
  'Ghiveci',
  'Pernă',
  'Miere',
  'Ie',
  'Vază',
  'Coș',
  'Agendă',
  'Brățară',
  'Pătură',
  'Zacuscă',
];
const QUALIFIERS = ['din bumbac', 'pictată manual', 'de Horezu', 'din lut', 'artizanal', 'bio', 'clasic', 'din lemn'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL', 'XS'];
/** The server's database takes SQLITE_READERS like main.ts (`readers`); seeding needs no pool. */
function openBenchDb(env: NodeJS.ProcessEnv, opts: { readers?: number; keepLists?: boolean } = {}): Db {
  return env.BENCH_DATABASE_URL
    ? openDb(env.BENCH_DATABASE_URL, { schema: env.BENCH_SCHEMA, keepLists: opts.keepLists })
    : openDb(`sqlite:${env.BENCH_SQLITE_FILE}`, opts);
}

// ---- child: the servers -------------------------------------------------------------------------
if (process.argv[2] === '--serve') {
  const db = openBenchDb(process.env, { readers: sqliteReaders(process.env), keepLists: true });
  const app = await buildApp({
    db,
    appKey: crypto.randomBytes(32).toString('base64'),
    dataDir: process.env.BENCH_DIR!,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({
    data: [
      { id: 1, source: 'eMAG' },
      { id: 2, source: 'Facebook' },
      { id: 3, source: 'Site' },
    ],
    meta: { total: 3 },
  }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: typeof bare) => (s.server.address() as { port: number }).port;
  process.stdout.write(`${JSON.stringify({ app: port(app as unknown as typeof bare), bare: port(bare) })}\n`);
  process.once(
    'SIGTERM',
    () =>
      void Promise.all([app.close(), bare.close()])
        .then(() => db.close())
        .then(() => process.exit(0)),
  );
} else {
  await main();
}

async function seed(db: Db, parents: number): Promise<{ companyId: number; token: string }> {
  const now = Math.floor(Date.now() / 1000);
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
  const user = await db.kysely
    .insertInto('users')
    .values({ email: 'bench@example.ro', password_hash: 'x', first_name: 'B', last_name: 'B', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely.insertInto('company_users').values({ company_id: company.id, user_id: user.id }).execute();
  const token = newToken();
  await db.kysely
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  await db.kysely
    .insertInto('sources')
    .values(
      ['eMAG', 'Facebook', 'Site'].map((s) => ({
        company_id: company.id,
        source: s,
        source_key: s.toLowerCase(),
        active: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  const pg = db.engine === 'postgres';
  const list = (values: readonly string[]) => sql.join(values.map((v, k) => sql`(${k}, ${v})`));
  await db.transaction(async (trx) => {
    // A bulk load on PostgreSQL, as a restore would do it: the row trigger that keeps the count
    // would update one list_counts row 500,000 times in one transaction (a chain of dead versions
    // that every update walks), and a GIN index without a pending list inserts row by row; the
    // count is set once and the trigram indexes are built once, after the rows are in.
    if (pg) {
      await sql`alter table products disable trigger products_count`.execute(trx);
      await dropProductSearchText(trx, 'postgres');
    }
    for (const [name, values] of [
      ['bench_words', WORDS],
      ['bench_quals', QUALIFIERS],
      ['bench_sizes', SIZES],
    ] as const) {
      await sql`create temp table ${sql.id(name)} (k integer primary key, v text)`.execute(trx);
      await sql`insert into ${sql.id(name)} (k, v) values ${list(values)}`.execute(trx);
    }
    const series = pg
      ? sql`select g as i from generate_series(0, ${parents - 1}) g`
      : sql`select value as i from (with recursive s(value) as (select 0 union all select value + 1 from s where value + 1 < ${parents}) select value from s)`;
    const padded = pg ? sql`lpad(s.i::text, 7, '0')` : sql`substr('0000000' || s.i, -7)`;
    await sql`insert into products (company_id, parent_id, name, description, sku, sale_type, stock, selling_price, buying_price, currency, created_at, updated_at)
      select ${company.id}, null, w.v || ' ' || q.v || ' ' || s.i, null, 'P-' || ${padded}, 'Bucata',
        case when s.i % 4 = 0 then null else s.i % 90 end, case when s.i % 4 = 0 then null else 1000 + (s.i % 500) * 10 end, 700, 'RON', ${now}, ${now}
      from (${series}) s join bench_words w on w.k = s.i % 12 join bench_quals q on q.k = (s.i * 7) % 8
      order by s.i`.execute(trx);
    await sql`insert into products (company_id, parent_id, name, description, sku, sale_type, stock, selling_price, buying_price, currency, created_at, updated_at)
      select p.company_id, p.id, p.name || ' ' || z.v, null, p.sku || '-' || z.v, 'Bucata', z.k * 3, 1500 + z.k * 100, 800, 'RON', ${now}, ${now}
      from products p join bench_sizes z on z.k < 2 + (cast(substr(p.sku, 3) as integer) % 5)
      where p.company_id = ${company.id} and p.parent_id is null and cast(substr(p.sku, 3) as integer) % 4 = 0
      order by p.id, z.k`.execute(trx);
    const picture = productPng(64, [120, 60, 30]);
    await sql`insert into product_images (product_id, mime, bytes, size, sha256, updated_at)
      select id, 'image/png', ${picture}, ${picture.length}, ${sha256Hex(picture)}, ${now}
      from products where company_id = ${company.id} and parent_id is null and cast(substr(sku, 3) as integer) % 10 = 0`.execute(
      trx,
    );
    if (pg) {
      await sql`delete from list_counts where company_id = ${company.id} and list = 'products'`.execute(trx);
      await sql`insert into list_counts (company_id, list, bucket, shard, n)
        select ${company.id}, 'products', '', 0, count(*) from products where company_id = ${company.id} and parent_id is null`.execute(
        trx,
      );
      await sql`alter table products enable trigger products_count`.execute(trx);
      await createProductSearchText(trx, 'postgres');
    }
  });
  return { companyId: company.id, token };
}

/** A fresh token for the seeded user of a reused database. */
async function newSession(db: Db): Promise<{ companyId: number; token: string }> {
  const token = newToken();
  const now = Math.floor(Date.now() / 1000);
  await db.kysely
    .insertInto('auth_tokens')
    .values({ user_id: 1, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  return { companyId: 1, token };
}

async function main(): Promise<void> {
  const parents = Number(process.env.PARENTS ?? 100_000);
  const duration = Number(process.env.DURATION ?? 5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const pgUrl = process.env.BENCH_DATABASE_URL;
  // BENCH_SQLITE_FILE=<path> keeps the seeded SQLite file and reuses it on the next run (seeded once).
  const keep = process.env.BENCH_SQLITE_FILE;
  // BENCH_SCHEMA=<name> does the same on PostgreSQL: the schema is kept and reused when it exists.
  const keepSchema = process.env.BENCH_SCHEMA;
  let reuse = !pgUrl && !!keep && fs.existsSync(keep);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_DIR: dir,
    BENCH_SQLITE_FILE: keep ?? path.join(dir, 'bench.db'),
    BENCH_SCHEMA: keepSchema ?? `bench_${crypto.randomBytes(4).toString('hex')}`,
  };
  if (pgUrl) {
    const admin = openDb(pgUrl);
    const found = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_namespace where nspname = ${env.BENCH_SCHEMA}`.execute(admin.kysely);
    reuse = !!keepSchema && found.rows[0].n > 0;
    if (!reuse) await admin.kysely.schema.createSchema(env.BENCH_SCHEMA!).execute();
    await admin.close();
  }
  const db = openBenchDb(env);
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await migrateToLatest(db);
    const t0 = performance.now();
    const { companyId, token } = reuse ? await newSession(db) : await seed(db, parents);
    if (db.engine === 'postgres' && !reuse) await sql`vacuum analyze`.execute(db.kysely);
    else if (!reuse) await sql`analyze`.execute(db.kysely);
    const rows = await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `Engine ${db.engine}: seeded ${Number(rows.n)} products (${parents} top-level) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await db.close();

    // BENCH_PROFILE=<dir> writes a CPU profile of the server there (open it in Chrome's DevTools).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ports = await new Promise<{ app: number; bare: number }>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as { app: number; bare: number });
      });
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const headers = { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) };
    const appUrl = (p: string) => `http://127.0.0.1:${ports.app}${p}`;
    const deep = Math.floor(parents / 10 / 2);
    const cases: [string, string][] = [
      ['product list page 1', '/api/v1/product?page=1&items=10'],
      [`deep page ${deep}`, `/api/v1/product?page=${deep}&items=10`],
      ['search "Horezu" (1/8)', '/api/v1/product?search=Horezu&items=10'],
      ['search SKU "012344-XL"', '/api/v1/product?search=012344-XL&items=10'],
      ['count: company items=1', '/api/v1/company?items=1'],
      ['count: product items=1', '/api/v1/product?items=1'],
      ['count: source items=1', '/api/v1/source?items=1'],
      ['3-row list (sources)', '/api/v1/source'],
      ['app route, no sign-in or query (/api/health)', '/api/health'],
    ];
    // ONLY=<regexp> measures the cases whose label matches (the bare route always runs).
    const only = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : null;
    const chosen = cases.filter(([label]) => !only || only.test(label));
    for (const [, url] of chosen) {
      const res = await fetch(appUrl(url), { headers });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    }
    const run = (url: string, connections = 10) => load({ url, connections, duration, headers });
    const table: { label: string; r: Load }[] = [];
    const bare = await run(`http://127.0.0.1:${ports.bare}/bare`);
    table.push({ label: 'bare Fastify route', r: bare });
    for (const [label, url] of chosen) table.push({ label, r: await run(appUrl(url)) });
    // The same 3-row list while 2 connections keep a broad search busy.
    if (!only || only.test('3-row list during search')) {
      const [small] = await Promise.all([
        run(appUrl('/api/v1/source')),
        run(appUrl('/api/v1/product?search=Horezu&items=10'), 2),
      ]);
      table.push({ label: '3-row list during search', r: small });
    }

    const readers = db.engine === 'sqlite' ? `, SQLITE_READERS=${sqliteReaders(process.env)}` : '';
    console.log(
      `\nautocannon, 10 connections, ${duration} s each (${db.engine}, ${Number(rows.n)} products${readers}):\n`,
    );
    console.log('| request | req/s | p50 ms | p99 ms | vs bare | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const { label, r } of table) {
      console.log(
        `| ${label} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${((100 * r.rps) / bare.rps).toFixed(1)} % | ${r.errors} |`,
      );
    }
    // The lists' targets at a million products: product page 1 and the counts within 25 ms at p99, a
    // broad search within 50 ms, and a 3-row list serving at least 20 % of the bare route's rate and
    // at most twice its own p99 while a broad search runs. Judged for the rows this run measured.
    const measured = (label: string) => table.find((t) => t.label === label)?.r;
    const alone = measured('3-row list (sources)');
    const targets: [string, Load | undefined, (r: Load) => number, number][] = [
      ['product list page 1: p99 ms ≤', measured('product list page 1'), (r) => r.p99, 25],
      ...table
        .filter((t) => t.label.startsWith('count:'))
        .map((t): [string, Load, (r: Load) => number, number] => [`${t.label}: p99 ms ≤`, t.r, (r) => r.p99, 25]),
      ['broad search: p99 ms ≤', measured(cases[2][0]), (r) => r.p99, 50],
      ['3-row list: % of the bare route ≥', alone, (r) => (100 * r.rps) / bare.rps, 20],
      [
        '3-row list during search: p99 / alone ≤',
        alone && measured('3-row list during search'),
        (r) => r.p99 / alone!.p99,
        2,
      ],
    ];
    console.log('');
    for (const [what, r, value, limit] of targets) {
      if (!r) continue;
      const v = value(r);
      const met = what.endsWith('≥') ? v >= limit : v <= limit;
      console.log(`${met ? 'met' : 'MISSED'}: ${what} ${limit} (${v.toFixed(2)})`);
    }
  } finally {
    child?.kill('SIGTERM');
    if (pgUrl && !keepSchema) {
      const admin = openDb(pgUrl);
      await admin.kysely.schema.dropSchema(env.BENCH_SCHEMA!).cascade().execute();
      await admin.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
