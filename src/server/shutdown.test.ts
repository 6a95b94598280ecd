import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { hashPassword } from './lib/passwords.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The real server process (`src/server/main.ts`, as `npm start` runs it) stopped with SIGTERM in the
 * middle of writes: it exits 0 within the bound, every write it acknowledged is in the database,
 * and nothing is half-done (the kept product count agrees with the products). Also `/api/ready`.
 */
describe('the server process: readiness and a graceful stop', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-shutdown-'));
  const file = path.join(dir, 'app.db');
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers ready, then on SIGTERM finishes what it acknowledged and exits 0 within the bound', async () => {
    const db = openDb(`sqlite:${file}`);
    await migrateToLatest(db);
    const company = await db.kysely
      .insertInto('companies')
      .values({
        name: 'Oprire SRL',
        vat_number: 'RO14399840',
        vat_payer: 1,
        administrator_name: 'Ion',
        active: 1,
        address: null,
        city: null,
        county: null,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db.kysely
      .insertInto('users')
      .values({
        email: 'stop@example.ro',
        password_hash: await hashPassword('secret-pass'),
        first_name: 'Ion',
        last_name: 'Pop',
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely.insertInto('company_users').values({ company_id: company.id, user_id: user.id }).execute();
    await db.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${file}`,
        DATA_DIR: dir,
        SEED_DEMO: 'false',
        WEB_DIST: path.join(dir, 'no-web'),
        LOG_REQUESTS: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => output.push(String(d)));
    server.stderr!.on('data', (d) => output.push(String(d)));
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));

    let ready: Response | undefined;
    for (let i = 0; i < 120 && !ready?.ok; i++) {
      ready = await fetch(`${base}/api/ready`).catch(() => undefined);
      if (!ready?.ok) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready?.status, output.join('')).toBe(200);
    expect(await ready!.json()).toEqual({ status: 'ready', engine: 'sqlite' });

    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stop@example.ro', password: 'secret-pass' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = {
      authorization: `Bearer ${token}`,
      'x-company-id': String(company.id),
      'content-type': 'application/json',
    };
    const acknowledged: string[] = [];
    let next = 0;
    const writer = async () => {
      for (;;) {
        const sku = `STOP-${next++}`;
        const body = JSON.stringify({
          company_id: company.id,
          sku,
          name: `Produs ${sku}`,
          sale_type: 'Bucata',
          stock: 1,
          selling_price: 10,
          buying_price: 5,
          currency: 'RON',
        });
        const res = await fetch(`${base}/api/v1/product`, { method: 'POST', headers, body }).catch(() => undefined);
        if (!res) return; // refused: the server has stopped taking requests
        if (res.status === 201) acknowledged.push(sku);
        else if (res.status === 503)
          return; // a kept-alive connection told the server is closing
        else throw new Error(`unexpected ${res.status}: ${await res.text()}`);
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));

    const stopAt = Date.now();
    server.kill('SIGTERM');
    const code = await exited;
    const seconds = (Date.now() - stopAt) / 1000;
    await Promise.all(writers);
    expect(code, output.join('')).toBe(0);
    expect(seconds).toBeLessThan(20);

    const after = openDb(`sqlite:${file}`);
    try {
      const skus = new Set((await after.kysely.selectFrom('products').select('sku').execute()).map((r) => r.sku));
      for (const sku of acknowledged) expect(skus.has(sku), `${sku} was acknowledged`).toBe(true);
      const kept = await after.kysely
        .selectFrom('list_counts')
        .select('n')
        .where('company_id', '=', company.id)
        .where('list', '=', 'products')
        .executeTakeFirst();
      expect(Number(kept?.n)).toBe(skus.size);
    } finally {
      await after.close();
    }
  }, 60_000);

  it('answers 503 while the database lacks a migration', async () => {
    const { startTestApp } = await import('./test/harness.js');
    const t = await startTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ status: 'ready' });
      await t.db.kysely
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '023_emulator_state' as never)
        .execute();
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', reason: 'migrations', pending: ['023_emulator_state'] });
    } finally {
      await t.close();
    }
  });
});
