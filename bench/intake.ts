/**
 * Orders that arrive by themselves:
 *
 *   npx tsx bench/intake.ts                  (SQLite file)
 *   DURATION=20 CONNECTIONS=4 ROWS=10000 npx tsx bench/intake.ts
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> npx tsx bench/intake.ts
 *
 * 1. Signed pushes over HTTP (the server listening, node's client with kept-alive connections,
 *    CONNECTIONS at a time for DURATION seconds), each a new order of two lines to an address the
 *    address data resolves: orders created per second and the p50/p99 of a push (target: 200 a
 *    second sustained on SQLite, p99 ≤ 100 ms).
 * 2. The import of a CSV of ROWS rows (two lines an order), from the request to its answer
 *    (target ≤ 30 s for 10,000 rows), then the same file again (creates nothing).
 * Checked: every push answered 201, every order of the file created, none the second time.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { product, seller } from '../src/server/test/bulk.js';
import pg from 'pg';
import { multipart, startTestApp } from '../src/server/test/harness.js';
import { intakeKeyFor, signature } from '../src/server/test/intake.js';
import { percentile } from './_load.js';

const DURATION = Number(process.env.DURATION ?? 15);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const ROWS = Number(process.env.ROWS ?? 10_000);

function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

const ADDRESSES = [
  { county: 'Cluj', city: 'Cluj-Napoca', street: 'Str. Memorandumului', number: '28' },
  { county: 'București', city: 'Sectorul 3', street: 'Bd. Unirii', number: '50' },
  { county: 'Sibiu', city: 'Sibiu', street: 'Strada Fabricii', number: '7' },
  { county: 'Argeș', city: 'Sat Burnești', street: 'Principală', number: '12' },
];

/** PostgreSQL: a database of the bench's own, made here and dropped after. */
async function pgDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_intake_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-intake-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = pgUrl ? await pgDatabase(pgUrl) : null;
  const t = await startTestApp(database ? { databaseUrl: database.url } : { sqliteFile: path.join(dir, 'app.db') });
  try {
    console.log(`intake (${t.db.engine}), Node ${process.version}, ${os.cpus().length} cores`);
    console.log(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const s = await seller(await t.signUp());
    for (let i = 0; i < 20; i++) await product(s.u, `SKU-${i}`, `Produs ${i}`, 10 + i);
    const key = await intakeKeyFor(s.u, s.source);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

    let n = 0;
    const times: number[] = [];
    const statuses = new Map<number, number>();
    const pushOne = (): Promise<void> => {
      const i = n++;
      const body = JSON.stringify({
        external_id: `BENCH-${i}`,
        customer: { name: `Client ${i}`, phone_number: `07${String(40_000_000 + (i % 50_000)).padStart(8, '0')}` },
        shipping_address: ADDRESSES[i % ADDRESSES.length],
        lines: [
          { sku: `SKU-${i % 20}`, quantity: 1 },
          { sku: 'CANA-1', quantity: 2, unit_price: '24.50' },
        ],
        payment_method: 'cash_on_delivery',
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const t0 = performance.now();
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/v1/intake/orders',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'x-intake-key': key.key_id,
              'x-intake-timestamp': ts,
              'x-intake-signature': signature(key.secret, ts, body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              times.push(performance.now() - t0);
              statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
              resolve();
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    };
    // A short warm-up (compiled statements, the address data's indexes), not counted.
    for (let i = 0; i < 50; i++) await pushOne();
    times.length = 0;
    statuses.clear();
    const started = performance.now();
    const until = started + DURATION * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) await pushOne();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = Float64Array.from(times).sort();
    const created = statuses.get(201) ?? 0;
    console.log(
      `\n1. pushes: ${times.length} in ${seconds.toFixed(1)} s with ${CONNECTIONS} connections: ` +
        `${(created / seconds).toFixed(0)} orders created a second; p50 ${percentile(sorted, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
    );
    check(created === times.length, `every push created its order (${JSON.stringify(Object.fromEntries(statuses))})`);
    check(created / seconds >= 200, 'at least 200 orders a second (the SQLite target)');
    check(percentile(sorted, 0.99) <= 100, 'p99 ≤ 100 ms');
    agent.destroy();

    // 2. The import of a file of ROWS rows.
    const header = 'order_number;customer_name;phone_number;county;city;street;number;sku;quantity;unit_price';
    const lines = [header];
    for (let r = 0; r < ROWS; r++) {
      const o = Math.floor(r / 2);
      const a = ADDRESSES[o % ADDRESSES.length];
      lines.push(
        [
          `IMP-${o}`,
          `Client ${o}`,
          `07${String(30_000_000 + (o % 40_000)).padStart(8, '0')}`,
          a.county,
          a.city,
          a.street,
          a.number,
          r % 2 ? 'CANA-1' : `SKU-${o % 20}`,
          1 + (r % 3),
          r % 2 ? '24,50' : '',
        ].join(';'),
      );
    }
    const file = Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`);
    const form = multipart({ source_id: s.source }, [
      { name: 'file', filename: 'import.csv', type: 'text/csv', data: file },
    ]);
    const importOnce = async () => {
      const t0 = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/intake/import',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${s.u.token}`, 'x-company-id': String(s.u.companyId) },
      });
      if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return { seconds: (performance.now() - t0) / 1000, counts: res.json().data.counts as Record<string, number> };
    };
    const first = await importOnce();
    console.log(
      `\n2. import of ${ROWS} rows (${ROWS / 2} orders, ${(file.length / 1024).toFixed(0)} KB): ${first.seconds.toFixed(1)} s ` +
        `(${JSON.stringify(first.counts)})`,
    );
    check(first.counts.created === ROWS / 2, 'every order of the file created');
    check(first.seconds <= 30, 'at most 30 s');
    const second = await importOnce();
    console.log(`   the same file again: ${second.seconds.toFixed(1)} s (${JSON.stringify(second.counts)})`);
    check(
      second.counts.created === 0 && second.counts.already_imported === ROWS / 2,
      'the second import creates nothing',
    );
    console.log(
      `load average at end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await t.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
