import type { Db } from '../db/connection.js';
import { recountOrderLists } from '../modules/order-counts/index.js';
import { storeDemoInvoice, type DemoInvoiceLine } from '../emulators/smartbill.js';
import { dbStore } from '../emulators/kit.js';
import { bucharestDate } from '../lib/bucharestTime.js';
import type { SeedContext } from './context.js';

/**
 * One invoice per demo company, so the demo's "Invoice issued" notification names a document that
 * exists: the company's latest completed order that is at least three days old and carries no
 * discount is invoiced two hours after it was made, as if through the order's button with
 * SmartBill's demo account (series FCT, the wizard's 21 % "Normala" for a VAT payer, "SDD" 0 %
 * otherwise). The document is stored at the emulated SmartBill as its create route stores it
 * (numbered by the series' counter, so the next invoice takes the number after it), and the
 * console's rows are those a create records: the invoice with its lines, the order's bill number
 * and invoice status, its `invoice_created` history. Once SmartBill is set up with the demo login
 * (Integrations), the invoice downloads and, being more than a day old, can be reversed at once.
 */

const DAY = 86_400;
const HOUR = 3600;
export const DEMO_INVOICE_SERIES = 'FCT';

export async function seedInvoices(db: Db, ctx: SeedContext): Promise<void> {
  const k = db.kysely;
  const store = dbStore(db, 'smartbill', { now: () => ctx.now });
  for (const companyId of ctx.companyIds) {
    const company = await k
      .selectFrom('companies')
      .select(['vat_number', 'vat_payer'])
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    const order = await k
      .selectFrom('orders as o')
      .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
      .select([
        'o.id',
        'o.created_at',
        'o.updated_at',
        'o.total_value',
        'o.client_shipping_cost',
        'd.name',
        'd.email',
        'd.address',
        'd.city',
        'd.county',
      ])
      .where('o.company_id', '=', companyId)
      .where('o.status', '=', 'completed')
      .where('o.created_at', '<=', ctx.now - 3 * DAY)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('applied_discounts as a').select('a.id').whereRef('a.order_id', '=', 'o.id'))),
      )
      .orderBy('o.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!order) continue;
    const lines = await k
      .selectFrom('order_products')
      .select(['id', 'name', 'sku', 'price', 'quantity'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    const vat = company.vat_payer ? { name: 'Normala', percentage: 21 } : { name: 'SDD', percentage: 0 };
    const shipping = Number(order.client_shipping_cost);
    const planned = [
      ...lines.map((l) => ({
        kind: 'product',
        order_product_id: l.id,
        name: l.name,
        code: l.sku,
        quantity: l.quantity,
        unit_price: Number(l.price),
      })),
      ...(shipping > 0
        ? [
            {
              kind: 'shipping',
              order_product_id: null,
              name: 'Transport',
              code: null,
              quantity: 1,
              unit_price: shipping,
            },
          ]
        : []),
    ];
    const total = planned.reduce((s, l) => s + l.quantity * l.unit_price, 0);
    // Without discounts the lines are the order's total; anything else is not this seed's to invoice.
    if (total !== Number(order.total_value)) continue;
    const at = Math.min(Number(order.created_at) + 2 * HOUR, ctx.now - DAY - HOUR);
    const client = {
      country: 'Romania',
      email: order.email ?? undefined,
      name: order.name,
      isTaxPayer: false,
      address: order.address ?? '',
      city: order.city ?? '',
      county: order.county ?? '',
    };
    const stored = await storeDemoInvoice(store, {
      vatCode: company.vat_number,
      series: DEMO_INVOICE_SERIES,
      issueDate: bucharestDate(at),
      client: {
        name: client.name,
        vatCode: null,
        address: client.address,
        city: client.city,
        county: client.county,
        country: client.country,
      },
      lines: planned.map((l): DemoInvoiceLine => ({
        name: l.name,
        code: l.code,
        quantity: l.quantity,
        priceBani: l.unit_price,
        taxName: vat.name,
        taxPercentage: vat.percentage,
      })),
      mentions: null,
      createdAt: at,
    });
    const billNumber = `${stored.series} ${stored.number}`;
    await db.transaction(async (trx) => {
      const invoice = await trx
        .insertInto('invoices')
        .values({
          company_id: companyId,
          order_id: order.id,
          kind: 'invoice',
          reverses_id: null,
          state: 'issued',
          series: stored.series,
          number: stored.number,
          expected_number: stored.number,
          total,
          full_reversal: 0,
          client: JSON.stringify(client),
          error: null,
          created_by: ctx.userId,
          created_at: at,
          issued_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('invoice_lines')
        .values(
          planned.map((l, i) => ({
            invoice_id: invoice.id,
            position: i + 1,
            kind: l.kind,
            order_product_id: l.order_product_id,
            discount_of: null,
            reverses_line_id: null,
            name: l.name,
            code: l.code,
            quantity: l.quantity,
            unit_price: l.unit_price,
            applies_to: null,
            vat_name: vat.name,
            vat_percentage: vat.percentage,
          })),
        )
        .execute();
      await trx
        .updateTable('orders')
        .set({ bill_number: billNumber, invoice_status: 'issued', updated_at: Math.max(Number(order.updated_at), at) })
        .where('id', '=', order.id)
        .execute();
      await trx
        .insertInto('order_events')
        .values({
          order_id: order.id,
          user_id: ctx.userId,
          type: 'invoice_created',
          data: JSON.stringify({ bill_number: billNumber }),
          created_at: at,
        })
        .execute();
      // The order moved from "not invoiced" to "issued": its tab counts follow.
      await recountOrderLists(trx, companyId);
    });
  }
}
