import { sql, type CreateTableBuilder } from 'kysely';
import { bucharestDate } from '../../lib/bucharestTime.js';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * The orders list's kept counts per Bucharest day of the order's creation, courier ('' for an order
 * without one), status and invoice status: `order_list_day_counts`, kept by db/orderListCounts.ts in
 * each order write's transaction from here on. The list's total and tab counts under a courier and
 * a creation range read a month's few hundred rows instead of the month's orders (18,000 index
 * entries of one courier at a million orders, read by every statement). On SQLite the table is
 * WITHOUT ROWID, as the other kept per-day tables: the key is the table, a range is one pass.
 *
 * Each row also bounds the ids of its orders (the least and greatest that ever entered it), where
 * the filtered page starts and ends its walk of the ids.
 *
 * The existing orders are counted here, grouped by the UTC hour of their creation: Bucharest's
 * offset is a whole number of hours (+2, +3 in summer) and changes on the hour, so an hour lies
 * within one Bucharest day, and the day of each hour is computed once. The count is this
 * migration's own, not orderListCounts.ts's recount: a migration must fill the table as it is at
 * 064 whatever later versions make of the live code (062 calling live code broke once the code
 * moved on).
 */
export const orderListDayCounts: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    const clustered = <T extends string>(t: CreateTableBuilder<T, never>) =>
      engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;
    await clustered(
      db.schema
        .createTable('order_list_day_counts')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('courier', 'varchar(30)', (c) => c.notNull())
        .addColumn('status', 'varchar(30)', (c) => c.notNull())
        .addColumn('invoice_status', 'varchar(30)', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('min_id', 'integer', (c) => c.notNull())
        .addColumn('max_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_list_day_counts_pk', [
          'company_id',
          'day',
          'courier',
          'status',
          'invoice_status',
        ]),
    ).execute();

    const { rows } = await sql<{
      company_id: number;
      hour: number | string;
      courier: string;
      status: string;
      invoice_status: string;
      n: number | string;
      min_id: number;
      max_id: number;
    }>`select company_id, created_at / 3600 as hour, coalesce(courier, '') as courier, status, invoice_status, count(*) as n,
        min(id) as min_id, max(id) as max_id
      from orders group by company_id, created_at / 3600, coalesce(courier, ''), status, invoice_status`.execute(db);
    const dayOfHour = new Map<number, string>();
    const counts = new Map<
      string,
      {
        company_id: number;
        day: string;
        courier: string;
        status: string;
        invoice_status: string;
        orders: number;
        min_id: number;
        max_id: number;
      }
    >();
    for (const r of rows) {
      const hour = Number(r.hour);
      let day = dayOfHour.get(hour);
      if (day === undefined) dayOfHour.set(hour, (day = bucharestDate(hour * 3600)));
      const key = [r.company_id, day, r.courier, r.status, r.invoice_status].join('\u0000');
      const row = counts.get(key) ?? {
        company_id: Number(r.company_id),
        day,
        courier: r.courier,
        status: r.status,
        invoice_status: r.invoice_status,
        orders: 0,
        min_id: Number(r.min_id),
        max_id: Number(r.max_id),
      };
      row.orders += Number(r.n);
      row.min_id = Math.min(row.min_id, Number(r.min_id));
      row.max_id = Math.max(row.max_id, Number(r.max_id));
      counts.set(key, row);
    }
    const values = [...counts.values()];
    for (let i = 0; i < values.length; i += 500)
      await db
        .insertInto('order_list_day_counts')
        .values(values.slice(i, i + 500))
        .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('order_list_day_counts').execute();
  },
});
