/**
 * A WooCommerce shop's orders pulled in (the connectors module's safety pull):
 *
 *   npx tsx bench/woocommerce.ts                 (SQLite file)
 *   ORDERS=5000 npx tsx bench/woocommerce.ts
 *   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/<db> npx tsx bench/woocommerce.ts
 *
 * An emulated shop holding ORDERS orders of the last day (the seller's 20 SKUs, Romanian addresses,
 * card and cash on delivery) is connected through the API, then one pull reads them all, 100 a
 * page within the client's rate to the shop, each order through the intake to an order here.
 * Target: 5,000 orders in ≤ 60 s. Checked: every order of the shop is one order here, the cursor at
 * the last one, a second pull creates nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serviceContext } from '../src/server/context.js';
import { pullConnector } from '../src/server/modules/connectors/index.js';
import { product, seller } from '../src/server/test/bulk.js';
import { startTestApp } from '../src/server/test/harness.js';

const ORDERS = Number(process.env.ORDERS ?? 5000);

function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

/** PostgreSQL: a database of the bench's own, made here and dropped after. */
async function pgDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_woo_${Date.now().toString(36)}`;
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-woo-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const database = pgUrl ? await pgDatabase(pgUrl) : null;
  const t = await startTestApp(database ? { databaseUrl: database.url } : { sqliteFile: path.join(dir, 'app.db') });
  try {
    console.log(`woocommerce pull (${t.db.engine}), Node ${process.version}, ${os.cpus().length} cores`);
    const s = await seller(await t.signUp());
    const catalogue = [];
    for (let i = 0; i < 20; i++) {
      await product(s.u, `SKU-${i}`, `Produs ${i}`, 10 + i);
      catalogue.push({ sku: `SKU-${i}`, name: `Produs ${i}`, price: 1000 + i * 100, stock: 100_000 });
    }
    const woo = t.app.emulators!.woocommerce;
    const host = 'bench-shop.ro';
    let start = performance.now();
    await woo.prepareShop(host, catalogue, ORDERS);
    console.log(`  the shop holds ${ORDERS} orders (made in ${((performance.now() - start) / 1000).toFixed(1)} s)`);
    const res = await s.u.call('POST', `/api/v1/source/${s.source}/connector`, {
      body: { type: 'woocommerce', store_url: `https://${host}`, consumer_key: 'ck_demo', consumer_secret: 'cs_demo' },
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
    console.log(
      `  pulled ${pulled?.orders} orders in ${pulled?.pages} pages: ${seconds.toFixed(1)} s (${(made / seconds).toFixed(0)} orders/s)`,
    );
    check(made === ORDERS, `every order of the shop is one order here (${made} of ${ORDERS})`);
    check(seconds <= 60, `${ORDERS} orders pulled in ≤ 60 s`);
    const again = performance.now();
    await pullConnector(serviceContext(t.services), connector.id);
    check(
      (await count()) === ORDERS,
      `a second pull creates nothing (${((performance.now() - again) / 1000).toFixed(1)} s)`,
    );
    check(woo.refused(host) === 0, 'the shop never refused a call for its rate limit');
  } finally {
    await t.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
