/**
 * The server of bench/list-load.ts and bench/awb-concurrency.ts, compiled as `npm start` ships it (scripts/build.mjs's
 * bundleServer, run with plain node, no TypeScript loader): what main.ts starts, on the database
 * the bench seeded (BENCH_SQLITE_FILE or BENCH_DATABASE_URL + BENCH_SCHEMA), SQLITE_READERS readers,
 * the address data read once it listens, the collection at rest (lib/idleCollect.ts), the providers
 * as PROVIDERS and `<PROVIDER>_BASE_URL` say (emulated in process by default). Left out: the migration (the bench ran it), the demo data
 * and the job runner, which would write to the kept bench database while it is measured.
 *
 * Prints {"port"} when listening. On SIGUSR2 (the bench asks after the load) it prints
 * {"memory"}: process.memoryUsage() after a full garbage collection when node runs with
 * --expose-gc, so the heap the load left alive is told apart from garbage not yet collected.
 */
import crypto from 'node:crypto';
import { buildApp } from '../src/server/app.js';
import { sqliteReaders } from '../src/server/config.js';
import { openDb } from '../src/server/db/connection.js';
import { collectWhenIdle } from '../src/server/lib/idleCollect.js';
import { geoData } from '../src/server/modules/geo/index.js';
import { loadProvidersConfig } from '../src/server/providers/config.js';

const env = process.env;
const db = env.BENCH_DATABASE_URL
  ? openDb(env.BENCH_DATABASE_URL, { schema: env.BENCH_SCHEMA, keepLists: true })
  : openDb(`sqlite:${env.BENCH_SQLITE_FILE}`, { readers: sqliteReaders(env), keepLists: true });
const app = await buildApp({
  db,
  // Shared by several instances of one bench (BENCH_APP_KEY), as a load balancer's servers share it.
  appKey: env.BENCH_APP_KEY ?? crypto.randomBytes(32).toString('base64'),
  dataDir: env.BENCH_DIR!,
  providers: loadProvidersConfig(env),
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
setImmediate(geoData);
collectWhenIdle({ atRest: () => db.atRest() });

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  process.stdout.write(`${JSON.stringify({ memory: { ...process.memoryUsage(), collected: !!gc } })}\n`);
});
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
