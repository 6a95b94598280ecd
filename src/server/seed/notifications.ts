import { sql } from 'kysely';
import { notificationColumns, type NotificationKind } from '../../core/notifications.js';
import type { Db } from '../db/connection.js';
import { bucharestDate, fromBucharest } from '../lib/bucharestTime.js';
import type { SeedContext } from './context.js';

/**
 * The demo companies' notifications, told from the demo data they name, so each one is true and
 * links to something that exists (core/notifications' notificationLink): the products low on
 * stock (the products list), the orders received since yesterday (the orders list from that day),
 * the invoice the invoices seed issued (its order), an order whose address a courier refused (a
 * new order, without an AWB, from Brașov when there is one). Runs after every other seeder.
 */

const HOUR = 3600;
const DAY = 86_400;
/** Fewer pieces than this in stock is "low" for the demo's notification. */
const LOW_STOCK_LIMIT = 5;

interface Demo {
  kind: NotificationKind;
  params: Record<string, string | number>;
  type: 'notice' | 'success' | 'warning' | 'error';
  at: number;
}

export async function seedNotifications(db: Db, ctx: SeedContext): Promise<void> {
  const k = db.kysely;
  for (const companyId of ctx.companyIds) {
    const demos: Demo[] = [];

    const low = await k
      .selectFrom('products')
      .select(sql<number>`count(*)`.as('n'))
      .where('company_id', '=', companyId)
      .where('stock', 'is not', null)
      .where('stock', '<', LOW_STOCK_LIMIT)
      .executeTakeFirstOrThrow();
    if (Number(low.n) > 0)
      demos.push({
        kind: 'low_stock',
        params: { count: Number(low.n), limit: LOW_STOCK_LIMIT },
        type: 'warning',
        at: ctx.now - HOUR,
      });

    // "Since yesterday" as the orders list's creation filter reads it: from yesterday's first second (Bucharest).
    const at = ctx.now - 2 * HOUR;
    const from = bucharestDate(at - DAY);
    const received = await k
      .selectFrom('orders')
      .select(sql<number>`count(*)`.as('n'))
      .where('company_id', '=', companyId)
      .where('created_at', '>=', fromBucharest(from)!)
      .where('created_at', '<=', at)
      .executeTakeFirstOrThrow();
    if (Number(received.n) > 0)
      demos.push({ kind: 'new_orders', params: { count: Number(received.n), from }, type: 'notice', at });

    const invoice = await k
      .selectFrom('invoices')
      .select(['order_id', 'series', 'number', 'issued_at'])
      .where('company_id', '=', companyId)
      .where('kind', '=', 'invoice')
      .where('state', '=', 'issued')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (invoice?.number)
      demos.push({
        kind: 'invoice_issued',
        params: { number: `${invoice.series} ${invoice.number}`, order: invoice.order_id },
        type: 'success',
        at: Number(invoice.issued_at),
      });

    // A refused address leaves the order without an AWB: a new one, made before the notification.
    const refusedOrder = (opts: { city?: string; before?: number }) => {
      let q = k
        .selectFrom('orders as o')
        .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
        .select(['o.id', 'o.created_at', 'd.city'])
        .where('o.company_id', '=', companyId)
        .where('o.status', '=', 'new')
        .where('o.awb', 'is', null)
        .where('d.city', 'is not', null);
      if (opts.city) q = q.where('d.city', '=', opts.city);
      if (opts.before) q = q.where('o.created_at', '<=', opts.before);
      return q.orderBy('o.id', 'desc').limit(1).executeTakeFirst();
    };
    const before = ctx.now - 2 * DAY;
    const refused =
      (await refusedOrder({ city: 'Brașov', before })) ?? (await refusedOrder({ before })) ?? (await refusedOrder({}));
    if (refused)
      demos.push({
        kind: 'awb_failed',
        params: { city: refused.city!, order: refused.id },
        type: 'error',
        at: Math.min(ctx.now, Math.max(Number(refused.created_at) + 60, before)),
      });

    if (demos.length)
      await k
        .insertInto('notifications')
        .values(
          demos.map((d) => ({
            company_id: companyId,
            ...notificationColumns(d.kind, d.params),
            type: d.type,
            created_at: d.at,
          })),
        )
        .execute();
  }
}
