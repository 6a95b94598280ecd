/**
 * The orders export's memory: seeds ORDERS orders (default 100,000, one company, as bench/orders.ts
 * does) into SQLite and, with BENCH_DATABASE_URL, into PostgreSQL; starts the real server in its own
 * process, warms it with a small export of each format (so the code and the XLSX writer are loaded),
 * then downloads the whole list as CSV and as XLSX, each twice, while reading the server's resident
 * memory (VmRSS and RssAnon of /proc/<pid>/status) every 10 ms. Prints, per download, the memory
 * before, the highest during, the growth (target: < 50 MB for 100,000 orders), the time and the
 * file's size.
 *
 *   npx tsx bench/export.ts
 *   ORDERS=20000 npx tsx bench/export.ts
 *   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npx tsx bench/export.ts
 *   ENGINES=postgres BENCH_DATABASE_URL=... npx tsx bench/export.ts     (one engine only)
 *
 * BENCH_SQLITE_FILE=<path> and BENCH_PG_DB=<name> keep the seeded database and reuse it, as in
 * bench/orders.ts. Linux only (reads /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDb } from '../src/server/db/connection.js';
import { seedOrders } from './_orders-seed.js';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const LIMIT_MB = 50;
const pgUrl = process.env.BENCH_DATABASE_URL;
const engines = (process.env.ENGINES ?? (pgUrl ? 'sqlite,postgres' : 'sqlite')).split(',');
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.log(line);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

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

/** The server in a process of its own, node itself (not a wrapper), so its pid is the server's. */
async function startServer(databaseUrl: string): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, '_orders-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
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

/** The process's resident memory in MB (RssAnon: the heap's and the threads' own pages, no files). */
function rssMb(pid: number, what: 'VmRSS' | 'RssAnon' = 'VmRSS'): number {
  const m = new RegExp(`${what}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Downloads one export, reading the server's memory meanwhile; the body is counted, not kept. */
async function measure(
  pid: number,
  url: string,
  headers: Record<string, string>,
): Promise<{
  before: number;
  peak: number;
  anonBefore: number;
  anonPeak: number;
  seconds: number;
  bytes: number;
  status: number;
  name: string;
}> {
  const before = rssMb(pid);
  const anonBefore = rssMb(pid, 'RssAnon');
  let peak = before;
  let anonPeak = anonBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
    anonPeak = Math.max(anonPeak, rssMb(pid, 'RssAnon'));
  }, 10);
  const t0 = performance.now();
  let bytes = 0;
  const res = await fetch(url, { headers });
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssMb(pid));
  const name = /filename="?([^";]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { before, peak, anonBefore, anonPeak, seconds, bytes, status: res.status, name };
}

async function runEngine(engine: string): Promise<void> {
  let url: string;
  let dropDb = async () => {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  if (engine === 'postgres') {
    if (!pgUrl) throw new Error('BENCH_DATABASE_URL is needed for PostgreSQL');
    const kept = process.env.BENCH_PG_DB;
    const name = kept ?? `bench_export_${crypto.randomBytes(4).toString('hex')}`;
    const admin = openDb(pgUrl);
    const exists = await sql`select 1 from pg_database where datname = ${name}`.execute(admin.kysely);
    if (exists.rows.length === 0) await sql`create database ${sql.id(name)}`.execute(admin.kysely);
    await admin.close();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      if (kept) return;
      const a = openDb(pgUrl);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(a.kysely);
      await a.close();
    };
  } else {
    const file = process.env.BENCH_SQLITE_FILE;
    url = `sqlite:${file ? path.resolve(file) : path.join(dir, 'bench.db')}`;
  }
  log(`\n===== ${engine}: ${ORDERS.toLocaleString('en')} orders, Node ${process.version}, load average ${load()}`);
  const db = openDb(url);
  let server: ChildProcess | undefined;
  try {
    const { token, companyIds } = await seedOrders(db, ORDERS, log);
    await db.close();
    const s = await startServer(url);
    server = s.proc;
    const headers = { authorization: `Bearer ${token}`, 'x-company-id': String(companyIds[0]) };
    const api = `${s.url}/api/v1/order/export`;
    // Warm-up: a few hundred orders in each format load the export's code and the XLSX writer.
    for (const format of ['csv', 'xlsx']) await measure(s.proc.pid!, `${api}?format=${format}&flagged=1`, headers);
    log(
      `| format, run | orders | RSS before MB | RSS peak MB | growth MB | anonymous growth MB | seconds | file MB | load average |`,
    );
    log('|---|---|---|---|---|---|---|---|---|');
    // Each format twice: the first run also grows the heap to its working size once.
    for (const format of ['csv', 'xlsx'])
      for (const run of [1, 2]) {
        const r = await measure(s.proc.pid!, `${api}?format=${format}`, headers);
        if (r.status !== 200) throw new Error(`${format}: ${r.status}`);
        const growth = r.peak - r.before;
        log(
          `| ${format}, ${run} | ${ORDERS.toLocaleString('en')} | ${r.before.toFixed(1)} | ${r.peak.toFixed(1)} | **${growth.toFixed(1)}** ${growth < LIMIT_MB ? '(met)' : '(MISSED)'} | ${(r.anonPeak - r.anonBefore).toFixed(1)} | ${r.seconds.toFixed(1)} | ${(r.bytes / 1048576).toFixed(1)} | ${load()} |`,
        );
        if (growth >= LIMIT_MB) process.exitCode = 1;
      }
  } finally {
    server?.kill('SIGTERM');
    await db.close().catch(() => {});
    await dropDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const engine of engines) await runEngine(engine);
