import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

const oneInvoicePerOrder = (db: AnyDb, states: string[]) =>
  db.schema
    .createIndex('invoices_one_per_order')
    .on('invoices')
    .column('order_id')
    .unique()
    .where(sql.raw<boolean>(`kind = 'invoice' and state in (${states.map((s) => `'${s}'`).join(', ')})`))
    .execute();

/**
 * A fully reversed invoice (storno of everything on it) no longer holds its order: nothing is left
 * of it, so the order has no current invoice and may be cancelled, changed and invoiced anew (a new
 * number). Never two invoices for one order still holds for every invoice that is in flight,
 * issued or partly reversed: the partial unique index admits one of those per order, and no longer
 * counts a fully reversed one.
 *
 * Existing rows: an order whose invoice was fully reversed loses its bill_number (the invoice and
 * its storno documents stay among its documents; its invoice status stays `storno`). The bill
 * number places an order in no kept count, so nothing is counted again.
 */
export const reversedInvoiceFreesOrder: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.dropIndex('invoices_one_per_order').execute();
    await oneInvoicePerOrder(db, ['pending', 'unknown', 'issued', 'partially_storno']);
    await sql`update orders set bill_number = null
      where bill_number is not null
        and exists (select 1 from invoices i
          where i.order_id = orders.id and i.kind = 'invoice' and i.state = 'storno')
        and not exists (select 1 from invoices i
          where i.order_id = orders.id and i.kind = 'invoice' and i.state in ('pending', 'unknown', 'issued', 'partially_storno'))`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('invoices_one_per_order').execute();
    await oneInvoicePerOrder(db, ['pending', 'unknown', 'issued', 'partially_storno', 'storno']);
  },
});
