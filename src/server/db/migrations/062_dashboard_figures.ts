import { sql, type CreateTableBuilder, type Insertable, type Kysely } from 'kysely';
import { bucharestDate } from '../../lib/bucharestTime.js';
import type { Database } from '../schema.js';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * The dashboard's kept figures at the grain it reads (db/orderStats.ts), and a refusal that stays a
 * refusal:
 *
 * - `order_day_stats` (day × source × status, ~150 rows a day at a large shop, summed twice by
 *   every read) gives way to `order_source_day_stats` (day × source) and `order_status_day_stats`
 *   (day × status), read row for row;
 * - `product_period_stats`: the products' figures per week and per month, so a range's top
 *   products sum whole weeks and months and only the days at its ends;
 * - `orders.awb_refused`: the active AWB was refused at the door. A refused parcel goes back to the
 *   sender (courier status returning), and the share per courier still counts it as refused.
 *   Existing orders: refused now, or returning with a refusal of the same AWB in their history.
 * - `courier_day_stats` gets an index for the cash on delivery still owed (delivered rows of every
 *   day, per courier).
 *
 * On SQLite the new tables are WITHOUT ROWID: the primary key (company, day, …) is the table, so a
 * range is read in one pass with no lookup per row. Every company's figures are computed again, by
 * this migration's own copy of the rebuild (below): a migration fills the tables as they are at
 * this point of the history, whatever the kept figures' module (modules/order-counts) becomes.
 */
export const dashboardFigures: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    const clustered = <T extends string>(t: CreateTableBuilder<T, never>) =>
      engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;
    await db.schema
      .alterTable('orders')
      .addColumn('awb_refused', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update orders set awb_refused = 1
      where awb is not null and (courier_status = 'refused' or (courier_status = 'returning' and exists (
        select 1 from order_events e
        where e.order_id = orders.id and e.type = 'courier_status'
          and e.data like '%"to":"refused"%' and e.data like '%"awb":"' || orders.awb || '"%')))`.execute(db);

    await db.schema.dropIndex('order_day_stats_read').execute();
    await db.schema.dropTable('order_day_stats').execute();
    await clustered(
      db.schema
        .createTable('order_source_day_stats')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_source_day_stats_pk', ['company_id', 'day', 'source_id']),
    ).execute();
    await clustered(
      db.schema
        .createTable('order_status_day_stats')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('status', 'varchar(30)', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_status_day_stats_pk', ['company_id', 'day', 'status']),
    ).execute();
    await clustered(
      db.schema
        .createTable('product_period_stats')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('period', 'varchar(5)', (c) => c.notNull())
        .addColumn('start', 'varchar(10)', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_period_stats_pk', ['company_id', 'period', 'start', 'product_id']),
    ).execute();
    await db.schema
      .createIndex('courier_day_stats_outcome')
      .on('courier_day_stats')
      .columns(['company_id', 'courier_status', 'courier', 'cod_bani'])
      .execute();

    const companies = await db.selectFrom('companies').select('id').execute();
    for (const c of companies) await rebuildFigures(db as unknown as Kysely<Database>, c.id as number);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('courier_day_stats_outcome').execute();
    await db.schema.dropTable('product_period_stats').execute();
    await db.schema.dropTable('order_status_day_stats').execute();
    await db.schema.dropTable('order_source_day_stats').execute();
    await db.schema
      .createTable('order_day_stats')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(30)', (c) => c.notNull())
      .addColumn('orders', 'integer', (c) => c.notNull())
      .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_day_stats_pk', ['company_id', 'day', 'source_id', 'status'])
      .execute();
    await db.schema
      .createIndex('order_day_stats_read')
      .on('order_day_stats')
      .columns(['company_id', 'day', 'source_id', 'status', 'orders', 'revenue_bani'])
      .execute();
    await db.schema.alterTable('orders').dropColumn('awb_refused').execute();
  },
});

// The rebuild of the kept figures as it was when this migration was written (frozen: the module's
// own, modules/order-counts/dayFigures.ts, follows the tables of later migrations).

type Exec = Kysely<Database>;
interface Rows {
  sources: Map<string, { company_id: number; day: string; source_id: number; orders: number; revenue_bani: number }>;
  statuses: Map<string, { company_id: number; day: string; status: string; orders: number; revenue_bani: number }>;
  awbs: Map<
    string,
    { company_id: number; day: string; courier: string; courier_status: string; orders: number; cod_bani: number }
  >;
}
interface OrderState {
  company_id: number;
  created_at: number;
  source_id: number | null;
  status: string;
  courier: string | null;
  courier_status: string | null;
  awb_refused: number;
  total_value: number;
  cod_bani: number;
}

/** Delivered; refused at the door (also on its way back); otherwise the courier status. */
const awbOutcome = (courierStatus: string | null, awbRefused: number): string =>
  courierStatus === 'delivered' ? 'delivered' : awbRefused ? 'refused' : (courierStatus ?? '');

function add<T extends { orders: number }>(m: Map<string, T>, key: (string | number)[], base: T, by: Partial<T>): void {
  const k = key.join('\u0000');
  const row = m.get(k) ?? base;
  for (const [f, v] of Object.entries(by) as [keyof T, number][]) (row[f] as number) += v;
  m.set(k, row);
}

function addState(rows: Rows, s: OrderState): void {
  const day = bucharestDate(s.created_at);
  const source_id = s.source_id ?? 0;
  const c = s.company_id;
  add(
    rows.sources,
    [c, day, source_id],
    { company_id: c, day, source_id, orders: 0, revenue_bani: 0 },
    { orders: 1, revenue_bani: s.status === 'cancelled' ? 0 : s.total_value },
  );
  add(
    rows.statuses,
    [c, day, s.status],
    { company_id: c, day, status: s.status, orders: 0, revenue_bani: 0 },
    { orders: 1, revenue_bani: s.total_value },
  );
  if (!s.courier) return;
  const courier_status = awbOutcome(s.courier_status, s.awb_refused);
  add(
    rows.awbs,
    [c, day, s.courier, courier_status],
    { company_id: c, day, courier: s.courier, courier_status, orders: 0, cod_bani: 0 },
    { orders: 1, cod_bani: s.cod_bani },
  );
}

const DAY_MS = 86_400_000;
const dayMs = (day: string): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const addDays = (day: string, n: number): string => new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
const weekOf = (day: string): string => addDays(day, -((new Date(dayMs(day)).getUTCDay() + 6) % 7));
const periodsOf = (day: string): { period: 'week' | 'month'; start: string }[] => [
  { period: 'month', start: `${day.slice(0, 7)}-01` },
  { period: 'week', start: weekOf(day) },
];

async function insertChunks<T extends keyof Database>(exec: Exec, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += 500)
    await exec
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}

/** The company's kept figures computed from its orders, every kept table's rows of the company replaced. */
async function rebuildFigures(exec: Exec, companyId: number): Promise<void> {
  for (const table of [
    'order_source_day_stats',
    'order_status_day_stats',
    'courier_day_stats',
    'product_day_stats',
    'product_period_stats',
  ] as const)
    await exec.deleteFrom(table).where('company_id', '=', companyId).execute();
  await exec
    .deleteFrom('order_line_stats')
    .where('order_id', 'in', (q) => q.selectFrom('orders').select('id').where('company_id', '=', companyId))
    .execute();
  const orders = await exec
    .selectFrom('orders as o')
    .leftJoin('shipments as s', (j) =>
      j.onRef('s.order_id', '=', 'o.id').onRef('s.awb', '=', 'o.awb').on('s.state', '=', 'created'),
    )
    .select([
      'o.company_id',
      'o.created_at',
      'o.source_id',
      'o.status',
      'o.courier',
      'o.courier_status',
      'o.awb_refused',
      'o.total_value',
      's.cod_bani',
    ])
    .where('o.company_id', '=', companyId)
    .execute();
  const rows: Rows = { sources: new Map(), statuses: new Map(), awbs: new Map() };
  for (const o of orders)
    addState(rows, { ...o, total_value: Number(o.total_value), cod_bani: o.courier ? Number(o.cod_bani ?? 0) : 0 });
  await insertChunks(exec, 'order_source_day_stats', [...rows.sources.values()]);
  await insertChunks(exec, 'order_status_day_stats', [...rows.statuses.values()]);
  await insertChunks(exec, 'courier_day_stats', [...rows.awbs.values()]);
  const lines = await exec
    .selectFrom('order_products as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.order_id', 'l.product_id', 'l.quantity', 'l.price', 'o.created_at'])
    .where('o.company_id', '=', companyId)
    .where('o.status', '!=', 'cancelled')
    .where('l.product_id', 'is not', null)
    .execute();
  const perOrder = new Map<string, { order_id: number; product_id: number; quantity: number; revenue_bani: number }>();
  const perDay = new Map<
    string,
    { company_id: number; day: string; product_id: number; quantity: number; revenue_bani: number }
  >();
  for (const l of lines) {
    const revenue = Number(l.price) * l.quantity;
    const ok = `${l.order_id}:${l.product_id}`;
    const a = perOrder.get(ok) ?? { order_id: l.order_id, product_id: l.product_id!, quantity: 0, revenue_bani: 0 };
    a.quantity += l.quantity;
    a.revenue_bani += revenue;
    perOrder.set(ok, a);
    const day = bucharestDate(l.created_at);
    const dk = `${day}:${l.product_id}`;
    const d = perDay.get(dk) ?? { company_id: companyId, day, product_id: l.product_id!, quantity: 0, revenue_bani: 0 };
    d.quantity += l.quantity;
    d.revenue_bani += revenue;
    perDay.set(dk, d);
  }
  await insertChunks(exec, 'order_line_stats', [...perOrder.values()]);
  const days = [...perDay.values()];
  await insertChunks(exec, 'product_day_stats', days);
  const periods = new Map<
    string,
    { company_id: number; period: string; start: string; product_id: number; quantity: number; revenue_bani: number }
  >();
  for (const d of days)
    for (const p of periodsOf(d.day)) {
      const k = [d.company_id, p.period, p.start, d.product_id].join('\u0000');
      const row = periods.get(k) ?? {
        company_id: d.company_id,
        ...p,
        product_id: d.product_id,
        quantity: 0,
        revenue_bani: 0,
      };
      row.quantity += d.quantity;
      row.revenue_bani += d.revenue_bani;
      periods.set(k, row);
    }
  await insertChunks(exec, 'product_period_stats', [...periods.values()]);
}
