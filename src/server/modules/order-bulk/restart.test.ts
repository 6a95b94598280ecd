import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { DpdShipment } from '../../emulators/dpd.js';
import { registerEmulators, type EmulatorHost } from '../../emulators/index.js';
import { systemClock } from '../../lib/clock.js';
import { emulatorBaseUrl } from '../../providers/config.js';
import { PROVIDER_NAMES } from '../../providers/http.js';
import { order, seller, SMALL } from '../../test/bulk.js';
import { engineUnderTest, startTestApp } from '../../test/harness.js';
import { compileServer, scratchDatabaseUrl, startServerProcess, type ServerProcess } from '../../test/serverProcess.js';

const ORDERS = 24;
/** The courier holds each answer back this long, as one a network away: the job is caught mid-way. */
const COURIER_LATENCY_MS = 150;
/** How soon a restarted server must have finished the job it found interrupted. */
const RESUMED_WITHIN_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * DPD as a courier a network away, in this process (so it lives on when the server is killed):
 * the emulators on a database of their own, reached over HTTP, each answer held back a little.
 */
async function startCourier(): Promise<{ url: string; host: EmulatorHost; close(): Promise<void> }> {
  const db = openDb('sqlite::memory:');
  await migrateToLatest(db);
  const app: FastifyInstance = Fastify({ logger: false });
  const host = await registerEmulators(app, { db, clock: systemClock });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.all('/*', async (req, reply) => {
    const headers = { ...req.headers };
    delete headers.host;
    delete headers['content-length'];
    const res = await host.inject({
      method: req.method as 'GET',
      url: req.url,
      headers,
      payload: req.body as Buffer | undefined,
    });
    await sleep(COURIER_LATENCY_MS);
    const out = { ...res.headers };
    delete out['content-length'];
    delete out['transfer-encoding'];
    delete out.connection;
    return reply.code(res.statusCode).headers(out).send(res.rawPayload);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  return {
    url,
    host,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** A database of the test's own: a SQLite file, or on PostgreSQL a database (the server takes no schema). */
async function freshDatabase(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) return { url: `sqlite:${path.join(dir, 'app.db')}`, drop: async () => {} };
  const { url, name } = scratchDatabaseUrl(pgUrl, 'restart');
  const admin: Db = openDb(pgUrl);
  await sql`create database ${sql.id(name)}`.execute(admin.kysely);
  return {
    url,
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.kysely);
      await admin.close();
    },
  };
}

/**
 * A bulk AWB job whose server is killed (SIGKILL: nothing is finished or released) is taken up by
 * the server started again, through the job's own short lease, and finished within a minute, with
 * exactly one AWB per order: what was made before the kill is found, nothing is made twice. The
 * server is the one `npm start` runs (main.ts compiled by scripts/build.mjs), on a database file
 * (or PostgreSQL), with DPD a courier over HTTP.
 */
describe(`a bulk job after its server is killed (${engineUnderTest})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-restart-'));
  const cleanups: (() => unknown)[] = [];
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is finished by the restarted server within 60 s, with one AWB per order', async () => {
    const compiling = compileServer();
    const database = await freshDatabase(dir);
    cleanups.push(database.drop);
    const courier = await startCourier();
    cleanups.push(courier.close);

    // The seller, its DPD set-up and its orders, made through a test app on the same database
    // (closed before the server starts: the server is the only process writing to it).
    const t = await startTestApp(
      engineUnderTest === 'postgres' ? { databaseUrl: database.url } : { sqliteFile: path.join(dir, 'app.db') },
    );
    const s = await seller(await t.signUp());
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i++) ids.push(await order(s));
    const appKey = t.appKey;
    await t.close();
    const compiled = await compiling;
    cleanups.push(compiled.remove);

    const env: NodeJS.ProcessEnv = {
      DATA_DIR: dir,
      DATABASE_URL: database.url,
      APP_KEY: appKey,
      PROVIDERS: 'live',
      ...Object.fromEntries(
        PROVIDER_NAMES.map((p) => [`${p.toUpperCase()}_BASE_URL`, emulatorBaseUrl(p, courier.url)]),
      ),
    };
    const start = async (): Promise<ServerProcess & { api: string }> => {
      server = await startServerProcess(compiled.dir, env);
      await server.ready(20_000);
      return Object.assign(server, { api: `${server.url}/api/v1` });
    };
    const headers = {
      authorization: `Bearer ${s.u.token}`,
      'x-company-id': String(s.u.companyId),
      'content-type': 'application/json',
    };
    type Report = { status: string; done: number; items: { order_id: number; outcome: string; awb?: string }[] };
    const report = async (api: string, id: number): Promise<Report> => {
      const res = await fetch(`${api}/order-bulk/${id}`, { headers });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Report }).data;
    };

    const first = await start();
    const res = await fetch(`${first.api}/order-bulk`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const jobId = ((await res.json()) as { data: { id: number } }).data.id;
    // Killed once a few AWBs are made and while more are being made.
    let before = await report(first.api, jobId);
    while (before.done < 4) {
      await sleep(20);
      before = await report(first.api, jobId);
    }
    await first.stop('SIGKILL');
    expect(before.done).toBeLessThan(ORDERS);

    const restartedAt = Date.now();
    const second = await start();
    let after = await report(second.api, jobId);
    while (after.status !== 'done' && after.status !== 'failed' && Date.now() - restartedAt < RESUMED_WITHIN_MS) {
      await sleep(250);
      after = await report(second.api, jobId);
    }
    const took = Date.now() - restartedAt;
    expect(after.status).toBe('done');
    // Taken up once the killed run's lease (20 s, jobs.ts) ran out, not 15 minutes later.
    expect(took).toBeLessThan(RESUMED_WITHIN_MS);
    expect(after.items.map((i) => [i.order_id, i.outcome])).toEqual(ids.map((id) => [id, 'done']));

    // At the courier: one live AWB per order, the one the job reports.
    const shipments = await courier.host.emulators.dpd.store.list<DpdShipment>('shipments');
    const byOrder = new Map<number, string[]>();
    for (const sh of shipments) {
      if (sh.deleted || !sh.reference) continue;
      const orderId = Number(sh.reference.split('-')[0]);
      byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), sh.number]);
    }
    expect(ids.map((id) => byOrder.get(id))).toEqual(after.items.map((i) => [i.awb]));
  }, 120_000);
});
