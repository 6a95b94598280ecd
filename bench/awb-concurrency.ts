/**
 * AWB creates at the same time: a seller with DPD creates AWBs for its orders one at a time and
 * five at a time (ROUNDS creates alone and ROUNDS rounds of five), each timed from the request to its
 * answer. The goal: five at a time cost each no more than twice one alone (medians).
 *
 * The two phases alternate in BLOCKS blocks (default 5), a block of creates alone then a block of
 * rounds of five, so that both meet the same machine: on a shared 2-core machine the rate of the
 * same work drifts by a fifth within a minute, and one phase measured after the other took that
 * drift into their ratio (one alone read 13.9 to 20.7 ms between runs of the same code).
 *
 * Measured as it runs in production, each part in a process of its own:
 * - the server as it ships (bench/_list-server.ts compiled, _shipped.ts), PROVIDERS=live;
 * - DPD, emulated in bench/_courier.ts and reached over HTTP at DPD_BASE_URL: the courier's work
 *   (its requests, labels and store, in a database of its own) runs outside the server, as a real
 *   courier's runs on its own machines, and the server's DPD client pays for real HTTP calls, as it does in production;
 * - the seller's AWB requests, sent over HTTP from this process, as a browser sends them.
 * The seller, its DPD set-up and its orders are made beforehand through a test app in this process
 * on the same database (their work is not the servers').
 *
 * INSTANCES (comma-separated; default `1,2` on PostgreSQL, `1` on SQLite): how many servers share
 * the database, as the README's "Several instances" runs them behind a load balancer; this process
 * hands the requests to them in turn, as the balancer does. Each count is measured in the same run,
 * one after the other.
 *
 * What bounds it is printed beside the times, so a miss says where the time went:
 * - the servers' CPU per create (user + system, every thread) in each phase and the share of one
 *   core they used while five ran at a time: a server's JavaScript runs on one thread, so near
 *   100 % of a core per instance the creates queue for that thread, whatever the database does;
 * - the emulated courier's CPU and, on PostgreSQL, the database's (all its processes) per create:
 *   the machine's 2 cores are shared by all of them;
 * - on PostgreSQL with WAITS=1, what the database sessions waited on during five at a time,
 *   sampled every 5 ms by a separate process (bench/_pg-waits.mjs): `Lock:transactionid` on a
 *   statement is a row another transaction holds (a hot counter row), `idle in transaction` a
 *   transaction waiting for a server to send its next statement.
 *
 * COURIER_LATENCY_MS=<ms> has the emulated courier hold each answer back, as a courier a network
 * away does: whether creates still wait for each other once the machine's cores are not the bound.
 * The goal is judged only without it.
 *
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> ROUNDS=10 npx tsx bench/awb-concurrency.ts
 *   npx tsx bench/awb-concurrency.ts                 (SQLite file)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { DPD_AWB_BODY, order, seller } from '../src/server/test/bulk.js';
import { engineUnderTest, startTestApp } from '../src/server/test/harness.js';
import { networkFetch } from '../src/server/providers/transport.js';
import { percentile } from './_load.js';
import { scratchDatabase } from './_pg-database.js';
import { cpuBetween, cpuByProcess, postgresPids, startChild } from './_processes.js';
import { serverMode, shippedServerArgs } from './_shipped.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const CONCURRENT = 5;
const WARMUP = Number(process.env.WARMUP ?? 3000);
const BLOCKS = Number(process.env.BLOCKS ?? 5);
/** COURIER_LATENCY_MS: how long the emulated courier holds each answer back (bench/_courier.ts). */
const courierLatency = Number(process.env.COURIER_LATENCY_MS ?? 0);
const INSTANCES = (process.env.INSTANCES ?? (engineUnderTest === 'postgres' ? '1,2' : '1')).split(',').map(Number);
if (engineUnderTest === 'sqlite' && INSTANCES.some((n) => n > 1))
  throw new Error('INSTANCES above 1 needs PostgreSQL (TEST_DATABASE_URL): several servers share one PostgreSQL');

/** The wait sampler (WAITS=1, PostgreSQL): started and ready before the phase it samples. */
async function waitSampler() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '_pg-waits.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  await next(); // ready
  return {
    start: () => child.stdin!.write('start\n'),
    pause: () => child.stdin!.write('pause\n'),
    stop: async (): Promise<{ samples: number; counts: [string, number][] }> => {
      const answer = next();
      child.stdin!.write('stop\n');
      return JSON.parse(await answer);
    },
  };
}

const entry = (file: string) => path.join(import.meta.dirname, file);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-awb-'));
// The database, migrated, and the seller with its orders: made by a test app in this process; every
// AWB request goes to the servers started below, which share its app key (the stored DPD account
// is sealed with it).
const pgDb = engineUnderTest === 'postgres' ? await scratchDatabase(process.env.TEST_DATABASE_URL!) : null;
const t = await startTestApp(pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: path.join(dir, 'app.db') });
const dbEnv: NodeJS.ProcessEnv = pgDb
  ? { BENCH_DATABASE_URL: pgDb.url, BENCH_SCHEMA: t.db.schema }
  : { BENCH_SQLITE_FILE: t.sqliteFile };
const children: ChildProcess[] = [];
try {
  const courier = await startChild('the courier', await shippedServerArgs(entry('_courier.ts')), process.env);
  children.push(courier.proc);
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...dbEnv,
    BENCH_DIR: dir,
    BENCH_APP_KEY: t.appKey,
    PROVIDERS: 'live',
    DPD_BASE_URL: `http://127.0.0.1:${courier.port}/emulators/dpd/v1`,
  };
  const s = await seller(await t.signUp());
  let ports: number[] = [];
  let turn = 0;
  const noTimeout = new AbortController().signal;
  /** One AWB, from its request to its answer, sent to the servers in turn (a load balancer's round robin). */
  const create = async (id: number): Promise<number> => {
    const t0 = performance.now();
    const res = await networkFetch(`http://127.0.0.1:${ports[turn++ % ports.length]}/api/v1/order/${id}/awb`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.u.token}`,
        'x-company-id': String(s.u.companyId),
        'content-type': 'application/json',
      },
      body: JSON.stringify(DPD_AWB_BODY),
      signal: noTimeout,
    });
    const body = new TextDecoder().decode(await res.arrayBuffer());
    if (res.status !== 201) throw new Error(`AWB of order ${id}: ${res.status} ${body}`);
    return performance.now() - t0;
  };
  const med = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const p90 = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.9,
    );
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  console.log(
    `AWB creates (DPD emulated in a process of its own, over HTTP${courierLatency ? `, answering after ${courierLatency} ms` : ''}; ${engineUnderTest}; server ${serverMode()}), Node ${process.version}, ${os.cpus().length} cores`,
  );

  // Compiled once: compiling again empties the folder a running server reads its address data from.
  const serverArgs = await shippedServerArgs(entry('_list-server.ts'));
  for (const instances of INSTANCES) {
    const servers = [];
    for (let i = 0; i < instances; i++) servers.push(await startChild('a server', serverArgs, serverEnv));
    children.push(...servers.map((x) => x.proc));
    ports = servers.map((x) => x.port);
    const ids: number[] = [];
    // WARMUP creates a server first, not counted, five at a time: statements prepared and the code
    // compiled by V8, so that both phases measure the steady state a server reaches in production.
    // V8's optimizing compiler works through the first thousands of creates: after 300 it still
    // compiled about 40 functions a second (a fifth of the server's CPU in `perf`), and the server's
    // CPU a create, five at a time, read 7.5–8.7 ms after 100 to 300, 4.9–5.5 after 1,500 and
    // 4.4–4.8 after 3,000.
    const warmUp = WARMUP * instances;
    for (let i = 0; i < ROUNDS * (1 + CONCURRENT) + warmUp; i++) ids.push(await order(s));
    for (let i = 0; i < warmUp; i += CONCURRENT)
      await Promise.all(Array.from({ length: Math.min(CONCURRENT, warmUp - i) }, () => create(ids.pop()!)));

    const pids = { servers: servers.map((x) => x.proc.pid!), courier: [courier.proc.pid!], client: [process.pid] };
    const cpu = () => ({
      servers: cpuByProcess(pids.servers),
      courier: cpuByProcess(pids.courier),
      client: cpuByProcess(pids.client),
      database: cpuByProcess(engineUnderTest === 'postgres' ? postgresPids() : []),
    });
    const load = os.loadavg()[0];

    const sampler = process.env.WAITS && engineUnderTest === 'postgres' ? await waitSampler() : null;
    const alone: number[] = [];
    const together: number[] = [];
    const zero = () => ({ servers: 0, courier: 0, client: 0, database: 0, wallMs: 0 });
    const used = { alone: zero(), together: zero() };
    /** Runs one block of a phase and adds its CPU (seconds, each part) and wall time to the phase's. */
    const block = async (into: ReturnType<typeof zero>, run: () => Promise<void>) => {
      const c0 = cpu();
      const w0 = performance.now();
      await run();
      const c1 = cpu();
      into.wallMs += performance.now() - w0;
      into.servers += cpuBetween(c0.servers, c1.servers);
      into.courier += cpuBetween(c0.courier, c1.courier);
      into.client += cpuBetween(c0.client, c1.client);
      into.database += cpuBetween(c0.database, c1.database);
    };
    for (let b = 0; b < BLOCKS; b++) {
      // This block's share of the ROUNDS, the remainder spread over the first blocks.
      const rounds = Math.floor(ROUNDS / BLOCKS) + (b < ROUNDS % BLOCKS ? 1 : 0);
      await block(used.alone, async () => {
        for (let r = 0; r < rounds; r++) alone.push(await create(ids.pop()!));
      });
      sampler?.start();
      await block(used.together, async () => {
        for (let r = 0; r < rounds; r++)
          together.push(...(await Promise.all(Array.from({ length: CONCURRENT }, () => create(ids.pop()!)))));
      });
      sampler?.pause();
    }
    const waits = await sampler?.stop();
    /** Milliseconds of CPU a create of each part over a phase, and the servers' share of a core. */
    const spent = (u: ReturnType<typeof zero>, creates: number) => ({
      servers: (u.servers * 1000) / creates,
      courier: (u.courier * 1000) / creates,
      client: (u.client * 1000) / creates,
      database: (u.database * 1000) / creates,
      share: (u.servers * 1000) / u.wallMs,
    });
    const aloneCpu = spent(used.alone, alone.length);
    const togetherCpu = spent(used.together, together.length);

    const parts = (c: typeof aloneCpu) =>
      `CPU a create: servers ${c.servers.toFixed(1)} ms (${pct(c.share)} of a core), the courier ${c.courier.toFixed(1)} ms, this bench's client ${c.client.toFixed(1)} ms` +
      (engineUnderTest === 'postgres' ? `, PostgreSQL ${c.database.toFixed(1)} ms` : '');
    console.log(
      `\n${instances} server${instances > 1 ? 's' : ''}, the phases alternating in ${BLOCKS} blocks (load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)})`,
    );
    console.log(
      `one at a time: median ${med(alone).toFixed(1)} ms, p90 ${p90(alone).toFixed(1)} ms (${alone.length}); ${parts(aloneCpu)}`,
    );
    console.log(
      `${CONCURRENT} at a time: median ${med(together).toFixed(1)} ms, p90 ${p90(together).toFixed(1)} ms (${together.length}); ${parts(togetherCpu)}`,
    );
    if (waits) {
      console.log(`database sessions during ${CONCURRENT} at a time (${waits.samples} samples, 5 ms apart):`);
      for (const [what, n] of waits.counts.slice(0, 8)) console.log(`  ${String(n).padStart(5)}  ${what}`);
    }
    const ratio = med(together) / med(alone);
    // The goal is judged with the courier answering at once (the machine at its busiest); with a
    // latency the ratio is printed, not judged.
    const verdict = courierLatency ? `courier after ${courierLatency} ms, not judged` : ratio <= 2 ? 'met' : 'MISSED';
    console.log(
      `${verdict}: ${CONCURRENT} at a time / one alone (medians) ≤ 2 (${ratio.toFixed(2)}), ${instances} server${instances > 1 ? 's' : ''}`,
    );
    for (const x of servers) {
      const exited = new Promise((resolve) => x.proc.once('exit', resolve));
      x.proc.kill('SIGTERM');
      await exited;
    }
  }
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await t.close();
  await pgDb?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
