import { expect, it } from 'vitest';
import { isUniqueViolation } from '../errors.js';
import { migrateToLatest } from '../migrate.js';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it('073 frees the orders whose invoice was fully reversed (no bill number), keeps a partly reversed one invoiced, and admits a new invoice only for the freed one', async () => {
  const db = m.db();
  await m.migrateTo('072_dismissed_discounts');
  const id = m.insert;
  const company = await m.company();
  const customer = await m.customer();
  const order = (bill: string | null, invoiceStatus: string) =>
    id('orders', {
      company_id: company,
      customer_id: customer,
      status: 'new',
      invoice_status: invoiceStatus,
      bill_number: bill,
      value: 100,
      discount: 0,
      shipping_cost: 0,
      client_shipping_cost: 0,
      total_value: 100,
      created_at: 1,
      updated_at: 1,
    });
  const invoice = (orderId: number, state: string, number: string) =>
    id('invoices', {
      company_id: company,
      order_id: orderId,
      kind: 'invoice',
      state,
      series: 'FCT',
      number,
      total: 100,
      client: '{}',
      created_at: 1,
      updated_at: 1,
    });
  const reversed = await order('FCT 0001', 'storno');
  await invoice(reversed, 'storno', '0001');
  const partly = await order('FCT 0002', 'partially_storno');
  await invoice(partly, 'partially_storno', '0002');
  const issued = await order('FCT 0003', 'issued');
  await invoice(issued, 'issued', '0003');
  // Cancelled, then a new one reversed whole.
  const twice = await order('FCT 0005', 'storno');
  await invoice(twice, 'cancelled', '0004');
  await invoice(twice, 'storno', '0005');

  await migrateToLatest(db);

  const rows = await db.kysely
    .selectFrom('orders')
    .select(['id', 'bill_number', 'invoice_status'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    { id: reversed, bill_number: null, invoice_status: 'storno' },
    { id: partly, bill_number: 'FCT 0002', invoice_status: 'partially_storno' },
    { id: issued, bill_number: 'FCT 0003', invoice_status: 'issued' },
    { id: twice, bill_number: null, invoice_status: 'storno' },
  ]);
  // The freed orders take a new invoice; the others still hold theirs.
  await invoice(reversed, 'issued', '0006');
  await invoice(twice, 'pending', '0007');
  await expect(invoice(partly, 'issued', '0008')).rejects.toSatisfy(isUniqueViolation);
  await expect(invoice(issued, 'pending', '0009')).rejects.toSatisfy(isUniqueViolation);
});
