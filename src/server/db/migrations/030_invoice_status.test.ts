import crypto from 'node:crypto';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type Db } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

// On the engine under test: in-memory SQLite, or a schema of its own in TEST_DATABASE_URL's PostgreSQL.
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `m_${crypto.randomBytes(5).toString('hex')}`;
let db: Db;
beforeAll(async () => {
  if (pgUrl) {
    const admin = openDb(pgUrl);
    await admin.kysely.schema.createSchema(schema).execute();
    await admin.close();
    db = openDb(pgUrl, { schema });
  } else {
    db = openDb('sqlite::memory:');
  }
});
afterAll(async () => {
  await db.close();
  if (pgUrl) {
    const admin = openDb(pgUrl);
    await admin.kysely.schema.dropSchema(schema).ifExists().cascade().execute();
    await admin.close();
  }
});

it('030 gives every order its invoice status and a reversed order its fulfilment status back, and counts both again', async () => {
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, m(db.engine)])) as Record<string, Migration>,
  };
  await new Migrator({
    db: db.kysely,
    provider,
    allowUnorderedMigrations: true,
    migrationTableSchema: db.schema,
  }).migrateTo('026_shipment_candidates');
  const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const id = async (table: string, values: Record<string, unknown>) =>
    ((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
  const company = await id('companies', {
    name: 'C',
    vat_number: 'RO1',
    vat_payer: 0,
    administrator_name: 'A',
    active: 1,
    created_at: 1,
    updated_at: 1,
  });
  const customer = await id('customers', { phone_number: '+40740000001', created_at: 1, updated_at: 1 });
  const order = (status: string, extra: Record<string, unknown> = {}) =>
    id('orders', {
      company_id: company,
      customer_id: customer,
      status,
      value: 100,
      discount: 0,
      shipping_cost: 0,
      client_shipping_cost: 0,
      total_value: 100,
      created_at: 1,
      updated_at: 1,
      ...extra,
    });
  const invoice = (orderId: number, state: string) =>
    id('invoices', {
      company_id: company,
      order_id: orderId,
      kind: 'invoice',
      state,
      series: 'FCT',
      number: String(orderId),
      total: 100,
      client: '{}',
      created_at: 1,
      updated_at: 1,
    });
  const moved = (orderId: number, from: string, to: string) =>
    k
      .insertInto('order_events')
      .values({ order_id: orderId, type: 'status_changed', data: JSON.stringify({ from, to }), created_at: 2 })
      .execute();

  const plain = await order('new');
  const issued = await order('processing', { awb: 'A1', courier: 'cargus', courier_status: 'created' });
  await invoice(issued, 'issued');
  // Shipped, then one item reversed: it was processing.
  const shipped = await order('partially_storno', { awb: 'A2', courier: 'cargus', courier_status: 'created' });
  await invoice(shipped, 'partially_storno');
  await moved(shipped, 'new', 'processing');
  await moved(shipped, 'processing', 'partially_storno');
  // Reversed whole, and delivered since: completed.
  const delivered = await order('storno', { awb: 'A3', courier: 'cargus', courier_status: 'delivered' });
  await invoice(delivered, 'storno');
  await moved(delivered, 'processing', 'storno');
  // Reversed before any AWB, with no event to read: new.
  const early = await order('storno');
  await invoice(early, 'cancelled');
  await invoice(early, 'storno');
  await k
    .insertInto('list_counts')
    .values([
      { company_id: company, list: 'orders', bucket: '', n: 5 },
      { company_id: company, list: 'orders', bucket: 'storno', n: 2 },
    ])
    .execute();

  await migrateToLatest(db);

  const rows = await db.kysely.selectFrom('orders').select(['id', 'status', 'invoice_status']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: plain, status: 'new', invoice_status: 'none' },
    { id: issued, status: 'processing', invoice_status: 'issued' },
    { id: shipped, status: 'processing', invoice_status: 'partially_storno' },
    { id: delivered, status: 'completed', invoice_status: 'storno' },
    { id: early, status: 'new', invoice_status: 'storno' },
  ]);
  const kept = await db.kysely
    .selectFrom('list_counts')
    .select(['bucket', 'n'])
    .where('company_id', '=', company)
    .where('list', '=', 'orders')
    .execute();
  // The counts under a filter (no AWB, flagged: a later migration's) are that migration's test's.
  const unfiltered = kept.filter((r) => !/^(no_awb|flagged):/.test(r.bucket));
  expect(Object.fromEntries(unfiltered.map((r) => [r.bucket, Number(r.n)]))).toEqual({
    '': 5,
    new: 2,
    processing: 2,
    completed: 1,
    'invoice_status:none': 1,
    'invoice_status:issued': 1,
    'invoice_status:partially_storno': 1,
    'invoice_status:storno': 2,
  });
});
