import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgModule } from './db/pg.js';
import { engineUnderTest } from './test/harness.js';
import {
  compileServer,
  runCompiledCli,
  scratchDatabaseUrl,
  startServerProcess,
  type ServerProcess,
} from './test/serverProcess.js';

/** How soon an instance must answer /api/ready after it was started, whatever the other one does. */
const READY_MS = 20_000;

/**
 * Two compiled servers, each a process of its own as `npm start` runs it, on one PostgreSQL
 * database, as behind a load balancer, with the CLI beside them. What held them apart was session
 * state: the migrations' advisory lock, taken on one connection and released on another, stayed
 * held by the first server's idle connection, and the second server and every CLI command waited
 * on it. In one process (instances.test.ts) nothing shows it: both instances share the pool.
 */
describe.skipIf(engineUnderTest !== 'postgres')('two server processes on one PostgreSQL database', () => {
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://unused';
  const { url, name: database } = scratchDatabaseUrl(adminUrl, 'two_servers');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-servers-'));
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    APP_KEY: crypto.randomBytes(32).toString('base64'),
  };
  let compiled: Awaited<ReturnType<typeof compileServer>>;
  const running = new Set<ServerProcess>();

  const admin = async (statement: string) => {
    const client = new (pgModule().Client)({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const start = async () => {
    const server = await startServerProcess(compiled.dir, env);
    running.add(server);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    const code = await server.stop('SIGTERM');
    running.delete(server);
    return code;
  };
  const signIn = async (server: ServerProcess, email: string, password: string) => {
    const res = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, token: ((await res.json()) as { token?: string }).token };
  };
  const me = async (server: ServerProcess, token: string) =>
    (await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  /**
   * Starts a server again while `serving` answers: `serving` is asked every 100 ms until the new one
   * is ready, and each status it gave is returned (a rolling restart must never leave a gap).
   */
  const restartBeside = async (serving: ServerProcess, token: string) => {
    const next = await start();
    let ready = false;
    // Its failure is kept, not left unhandled while the loop waits, and thrown once the loop ends.
    const readying = next.ready(READY_MS).then(
      () => null,
      (err: unknown) => err,
    );
    void readying.then(() => (ready = true));
    const statuses: number[] = [];
    while (!ready) {
      statuses.push(await me(serving, token));
      await new Promise((r) => setTimeout(r, 100));
    }
    const failed = await readying;
    if (failed) throw failed;
    return { next, statuses };
  };

  beforeAll(async () => {
    await admin(`create database ${database}`);
    compiled = await compileServer();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([...running].map((s) => s.stop('SIGKILL')));
    compiled?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${database} with (force)`);
  });

  it('both start on an empty database at the same moment, a CLI command runs beside them, and a rolling restart keeps one serving', async () => {
    // Both at once on an empty database: one migrates while the other waits for the lock, then
    // finds nothing left to run.
    const a = await start();
    const b = await start();
    await Promise.all([a.ready(READY_MS), b.ready(READY_MS)]);

    // A command of the CLI while both run: it migrates first (nothing to do) and then works.
    const cli = await runCompiledCli(
      compiled.dir,
      [
        'user:create',
        '--email',
        'ana@example.ro',
        '--password',
        'parola-buna-1',
        '--first-name',
        'Ana',
        '--last-name',
        'Pop',
      ],
      env,
      READY_MS,
    );
    expect(cli.code, cli.output).toBe(0);
    const onA = await signIn(a, 'ana@example.ro', 'parola-buna-1');
    expect(onA.status).toBe(200);
    // A session made on one instance is known to the other: they share the database.
    expect(await me(b, onA.token!)).toBe(200);

    // Rolling restart: stop A, B serves alone; A starts again and is ready while B runs.
    expect(await stop(a)).toBe(0);
    expect(await me(b, onA.token!)).toBe(200);
    const { next: a2, statuses: bWhileAStarts } = await restartBeside(b, onA.token!);
    expect(bWhileAStarts.length).toBeGreaterThan(0);
    expect(bWhileAStarts.every((status) => status === 200)).toBe(true);
    expect(await me(a2, onA.token!)).toBe(200);

    // Then B, while the new A serves.
    expect(await stop(b)).toBe(0);
    expect((await signIn(a2, 'ana@example.ro', 'parola-buna-1')).status).toBe(200);
    const { next: b2, statuses: aWhileBStarts } = await restartBeside(a2, onA.token!);
    expect(aWhileBStarts.every((status) => status === 200)).toBe(true);
    expect(await me(b2, onA.token!)).toBe(200);

    // Nobody is left holding a session lock (the migrations' included) once every start is done.
    const client = new (pgModule().Client)({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  }, 150_000);
});
