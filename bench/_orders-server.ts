/**
 * The real server for bench/orders.ts, on the database it seeded: DATABASE_URL, PORT. A second
 * process (BARE=1) serves only a bare Fastify JSON route: the machine's ceiling in the same run.
 * Prints "ready" when listening.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.js';
import { sqliteReaders } from '../src/server/config.js';
import { openDb } from '../src/server/db/connection.js';

const port = Number(process.env.PORT);
if (process.env.BARE === '1') {
  const bare = Fastify();
  bare.get('/bare', async () => ({ data: [{ id: 1, status: 'new' }], meta: { total: 1 } }));
  await bare.listen({ port, host: '127.0.0.1' });
} else {
  // As main.ts: list and search reads in SQLITE_READERS worker threads (SQLite file only).
  const db = openDb(process.env.DATABASE_URL!, { readers: sqliteReaders(process.env), keepLists: true });
  const app = await buildApp({ db, appKey: crypto.randomBytes(32).toString('base64'), dataDir: os.tmpdir() });
  await app.listen({ port, host: '127.0.0.1' });
}
console.log('ready');
// A normal exit on SIGTERM, so that node writes the CPU profile BENCH_PROFILE asked for.
process.once('SIGTERM', () => process.exit(0));
