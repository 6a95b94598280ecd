import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * The order's invoice status beside its status (none, issued, partially_storno, storno), so a
 * reversal no longer replaces how far the order got.
 *
 * Existing rows: the invoice status is the state of the order's current invoice (issued,
 * partially_storno or storno; none without one). An order whose status was storno or
 * partially_storno gets back its fulfilment status as well as it can be known: completed when its
 * courier delivered it, else the status the first reversal moved it from (its status_changed
 * event), else processing with an AWB and new without. The kept counts of the orders list are
 * counted again (by status, and by invoice status under `invoice_status:<value>`). The (company,
 * invoice status, id) index pages the filter as (company, status, id) pages the tabs.
 */
export const invoiceStatus: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema
      .alterTable('orders')
      .addColumn('invoice_status', 'varchar(20)', (c) => c.notNull().defaultTo('none'))
      .execute();
    await sql`update orders set invoice_status = (
        select i.state from invoices i
        where i.order_id = orders.id and i.kind = 'invoice' and i.state in ('issued', 'partially_storno', 'storno')
        order by i.id desc limit 1)
      where exists (select 1 from invoices i
        where i.order_id = orders.id and i.kind = 'invoice' and i.state in ('issued', 'partially_storno', 'storno'))`.execute(
      db,
    );

    const reversed = await db
      .selectFrom('orders')
      .select(['id', 'awb', 'courier_status'])
      .where('status', 'in', ['storno', 'partially_storno'])
      .execute();
    for (const o of reversed as { id: number; awb: string | null; courier_status: string | null }[]) {
      const events = (await db
        .selectFrom('order_events')
        .select('data')
        .where('order_id', '=', o.id)
        .where('type', '=', 'status_changed')
        .orderBy('id')
        .execute()) as { data: string }[];
      const moves = events.map((e) => JSON.parse(e.data) as { from?: string; to?: string });
      const fromReversal = moves.find((m) => m.to === 'storno' || m.to === 'partially_storno')?.from;
      const status =
        o.courier_status === 'delivered'
          ? 'completed'
          : fromReversal && ['new', 'processing', 'completed'].includes(fromReversal)
            ? fromReversal
            : o.awb
              ? 'processing'
              : 'new';
      await db.updateTable('orders').set({ status }).where('id', '=', o.id).execute();
    }

    await db.deleteFrom('list_counts').where('list', '=', 'orders').where('bucket', '<>', '').execute();
    await sql`insert into list_counts (company_id, list, bucket, n)
      select company_id, 'orders', status, count(*) from orders group by company_id, status`.execute(db);
    await sql`insert into list_counts (company_id, list, bucket, n)
      select company_id, 'orders', 'invoice_status:' || invoice_status, count(*) from orders
      group by company_id, invoice_status`.execute(db);

    await db.schema
      .createIndex('orders_company_invoice_status_id')
      .on('orders')
      .columns(['company_id', 'invoice_status', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('orders_company_invoice_status_id').execute();
    await db
      .deleteFrom('list_counts')
      .where('list', '=', 'orders')
      .where('bucket', 'like', 'invoice_status:%')
      .execute();
    await db.schema.alterTable('orders').dropColumn('invoice_status').execute();
  },
});
