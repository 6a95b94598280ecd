/**
 * An eMAG Marketplace account's new orders pulled in (the connectors module's pull of eMAG):
 *
 *   npx tsx bench/emag.ts                 (SQLite file)
 *   ORDERS=1000 npx tsx bench/emag.ts
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> npx tsx bench/emag.ts
 *
 * An emulated account holding ORDERS new orders (the seller's 20 SKUs, Romanian addresses, card and
 * cash on delivery, vouchers, SGR deposits) is connected through the API, then one pull reads them
 * 100 a page and acknowledges each once stored. eMAG allows 12 calls a second on its order routes
 * and an order is one acknowledge, so the pull's pace is eMAG's limit (about 11 orders a second with
 * the client's 10 % margin), not the console's: the target is to hold that pace with no call
 * refused. Checked: every order is one order here and acknowledged at eMAG, a second pull creates nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serviceContext } from '../src/server/context.js';
import { EMAG_ORDER_REQUESTS_PER_SECOND } from '../src/server/providers/shops/emag.js';
import { pullConnector } from '../src/server/modules/connectors/index.js';
import { product, seller } from '../src/server/test/bulk.js';
import { startTestApp } from '../src/server/test/harness.js';

const ORDERS = Number(process.env.ORDERS ?? 500);

function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

/** PostgreSQL: a database of the bench's own, made here and dropped after. */
async function pgDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_emag_${Date.now().toString(36)}`;
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-emag-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = pgUrl ? await pgDatabase(pgUrl) : null;
  const t = await startTestApp(database ? { databaseUrl: database.url } : { sqliteFile: path.join(dir, 'app.db') });
  try {
    console.log(`emag pull (${t.db.engine}), Node ${process.version}, ${os.cpus().length} cores`);
    const s = await seller(await t.signUp());
    const catalogue = [];
    for (let i = 0; i < 20; i++) {
      await product(s.u, `SKU-${i}`, `Produs ${i}`, 10 + i);
      catalogue.push({ sku: `SKU-${i}`, name: `Produs ${i}`, price: 1000 + i * 100, stock: 100_000 });
    }
    const emag = t.app.emulators!.emag;
    const account = `source-${s.source}`;
    let start = performance.now();
    await emag.prepareAccount(account, catalogue, 0);
    await emag.takeOrders(account, ORDERS);
    console.log(
      `  the account holds ${ORDERS} new orders (made in ${((performance.now() - start) / 1000).toFixed(1)} s)`,
    );
    const res = await s.u.call('POST', `/api/v1/source/${s.source}/connector`, {
      body: { type: 'emag', username: 'demo', password: 'demo' },
    });
    if (res.statusCode !== 201) throw new Error(`connect: ${res.statusCode} ${res.body}`);
    const connector = await t.db.kysely
      .selectFrom('shop_connectors')
      .select('id')
      .where('source_id', '=', s.source)
      .executeTakeFirstOrThrow();
    start = performance.now();
    const pulled = await pullConnector(serviceContext(t.services), connector.id);
    const seconds = (performance.now() - start) / 1000;
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('source_id', '=', s.source)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const made = await count();
    // Order-route calls: each order's acknowledge, the pages of new orders (read until one is short) and of changes.
    const calls = ORDERS + (pulled?.pages ?? 0) + 2;
    const pace = calls / seconds;
    console.log(
      `  pulled ${pulled?.orders} orders in ${pulled?.pages} pages: ${seconds.toFixed(1)} s (${(made / seconds).toFixed(1)} orders/s, ~${pace.toFixed(1)} order calls/s of eMAG's ${EMAG_ORDER_REQUESTS_PER_SECOND})`,
    );
    check(made === ORDERS, `every order of the account is one order here (${made} of ${ORDERS})`);
    const acked = (await emag.orders(account)).filter((o) => o.status === 2).length;
    check(acked === ORDERS, `every order acknowledged at eMAG (${acked})`);
    check(pace >= EMAG_ORDER_REQUESTS_PER_SECOND * 0.75, `the pull keeps within a quarter of eMAG's limit`);
    const again = performance.now();
    await pullConnector(serviceContext(t.services), connector.id);
    check(
      (await count()) === ORDERS,
      `a second pull creates nothing (${((performance.now() - again) / 1000).toFixed(1)} s)`,
    );
    check(emag.refused(account) === 0, 'eMAG never refused a call for its rate limit');
  } finally {
    await t.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
