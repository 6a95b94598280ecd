import crypto from 'node:crypto';
import { forCompany, type ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { isProviderError } from '../../providers/http.js';
import type { WooOrder } from '../../providers/shops/woocommerce.js';
import { receiveShopOrder } from '../intake/index.js';
import { insertSystemNotification } from '../notifications/index.js';
import { cancelOrder, intakeOrderId } from '../orders/index.js';
import { sourceNameOf } from '../sources/index.js';
import {
  connectorById,
  connectorBySource,
  countOrderIn,
  insertEvent,
  markEventProcessed,
  recordShopCancel,
  updateConnector,
  waitingEvents,
  type ConnectorRow,
} from './queries.js';
import { clientOf, openSecrets, scrub } from './service.js';
import { intakeOrderOfWoo, wooOrderKind } from './wooOrder.js';

/**
 * Orders coming in from a connected shop: its webhooks (verified, stored, then worked) and the
 * safety pull (every 5 minutes, from a cursor that moves only past pages read completely). Both end
 * in `takeOrder`, so a webhook and a pull of the same order make one order: the intake's dedupe on
 * the order's external id and its hash.
 */

/** How far before the cursor a pull reads again: orders changed in the same second as the last one read. */
export const PULL_OVERLAP_SECONDS = 60;
/** What the first pull of a shop reads: the orders changed in the last two days (older ones were shipped before). */
export const FIRST_PULL_SECONDS = 2 * 86_400;
export const PULL_PAGE_SIZE = 100;

const wooTime = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19);
const unixOf = (gmt: string) => Math.floor(Date.parse(`${gmt.replace(/Z$/, '')}Z`) / 1000);

/**
 * One order of the shop: a placed one becomes (or changes) its intake item; one the shop ended is
 * cancelled here when it has no AWB and no invoice, otherwise the seller is told (once); one not
 * placed yet (awaiting payment, a draft, done before we were connected) is left.
 */
export async function takeOrder(base: ServiceContext, connector: ConnectorRow, order: WooOrder): Promise<void> {
  const ctx = forCompany(base, connector.company_id);
  const kind = wooOrderKind(order);
  if (kind === 'take') {
    const outcome = await receiveShopOrder(
      ctx,
      { companyId: connector.company_id, sourceId: connector.source_id },
      intakeOrderOfWoo(order),
    );
    if (outcome.kind === 'created') await countOrderIn(ctx.db.kysely, connector.id, ctx.now);
    return;
  }
  if (kind === 'ended') await cancelledInShop(ctx, connector, String(order.id));
}

async function cancelledInShop(ctx: ServiceContext, connector: ConnectorRow, externalId: string): Promise<void> {
  const orderId = await intakeOrderId(ctx.db.kysely, ctx, connector.source_id, externalId);
  if (orderId === undefined) return;
  try {
    await cancelOrder(ctx, orderId, { byShop: true });
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 409 || err.key === 'order_already_cancelled') {
      if (err instanceof HttpError && err.key === 'order_already_cancelled') return;
      throw err;
    }
    // An AWB or an invoice: the parcel may be on its way. The seller decides, told once per order.
    await ctx.db.transaction(async (trx) => {
      const isNew = await recordShopCancel(trx, {
        companyId: connector.company_id,
        connectorId: connector.id,
        externalId,
        orderId,
        message: 'Cancelled in the shop; the order has an AWB or an invoice here.',
        now: ctx.now,
      });
      if (!isNew) return;
      await insertSystemNotification(trx, {
        companyId: connector.company_id,
        kind: 'shop_cancelled_with_documents',
        params: {
          source: (await sourceNameOf(trx, connector.source_id)) ?? '',
          external_id: externalId,
          order: orderId,
        },
        type: 'warning',
        now: ctx.now,
      });
    });
  }
}

// ---- webhooks -----------------------------------------------------------------------------------

export interface WooDelivery {
  sourceId: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

const unauthorized = () => new HttpError(401, 'webhook_unauthorized');

/**
 * `POST /api/v1/hooks/woocommerce/{source_id}`: WooCommerce's ping (`webhook_id=<digits>`, unsigned,
 * sent when a webhook is saved) is answered 200; a delivery must carry `X-WC-Webhook-Signature`, the
 * base64 HMAC-SHA256 of the exact body with the webhook's secret (compared in constant time), or it
 * is 401 and nothing is stored. A right one is stored as received, answered, and worked; a failure of
 * the work leaves it stored for the next pass (WooCommerce never sends a delivery again).
 */
export async function receiveWooWebhook(base: ServiceContext, d: WooDelivery): Promise<{ status: 200 }> {
  const connector = await connectorBySource(base.db.kysely, d.sourceId);
  const text = d.body.toString('utf8');
  if (/^webhook_id=\d+$/.test(text.trim()) && !d.headers['x-wc-webhook-signature']) {
    if (!connector) throw unauthorized();
    return { status: 200 };
  }
  if (!connector || connector.type !== 'woocommerce') throw unauthorized();
  const given = d.headers['x-wc-webhook-signature'] ?? '';
  let secret: string;
  try {
    secret = openSecrets(base, connector).webhook_secret;
  } catch {
    throw unauthorized();
  }
  const expected = crypto.createHmac('sha256', secret).update(d.body).digest();
  const sent = Buffer.from(given, 'base64');
  if (sent.length !== expected.length || !crypto.timingSafeEqual(sent, expected)) throw unauthorized();
  const topic = d.headers['x-wc-webhook-topic'] ?? '';
  const eventId = await insertEvent(base.db.kysely, {
    connectorId: connector.id,
    topic,
    deliveryId: d.headers['x-wc-webhook-delivery-id'] ?? null,
    body: text,
    now: base.now,
  });
  try {
    await workEvent(base, connector, { id: eventId, topic, body: text });
  } catch {
    // Stored: the next pull works it again (the delivery was right, so it is answered as received).
  }
  return { status: 200 };
}

async function workEvent(
  ctx: ServiceContext,
  connector: ConnectorRow,
  e: { id: number; topic: string; body: string },
): Promise<void> {
  if (e.topic === 'order.created' || e.topic === 'order.updated') {
    let order: WooOrder | null = null;
    try {
      order = JSON.parse(e.body) as WooOrder;
    } catch {
      order = null;
    }
    if (order && typeof order.id === 'number' && Array.isArray(order.line_items))
      await takeOrder(ctx, connector, order);
  }
  await markEventProcessed(ctx.db.kysely, e.id, ctx.now);
}

// ---- the safety pull ----------------------------------------------------------------------------

/**
 * Reads the orders the shop changed since the cursor (less an overlap), oldest change first, page
 * by page; after each page read and taken completely, the cursor moves to its latest change. A page
 * that fails leaves the cursor where the last complete page put it, and the connector in error with
 * the shop's words: the next pull starts there. Deliveries stored but not worked go first.
 */
export async function pullConnector(
  base: ServiceContext,
  connectorId: number,
  opts: { perPage?: number } = {},
): Promise<{ pages: number; orders: number } | null> {
  const connector = await connectorById(base.db.kysely, connectorId);
  if (!connector) return null;
  const ctx = forCompany(base, connector.company_id);
  if (connector.emulated === 1 && connector.demo_orders > 0 && ctx.providers.demoShops)
    await ctx.providers.demoShops.takeOrders(connector.store_url, connector.demo_orders);
  for (const e of await waitingEvents(ctx.db.kysely, connector.id))
    await workEvent(ctx, connector, { id: e.id, topic: e.topic, body: e.body });
  const after = connector.cursor
    ? wooTime(unixOf(connector.cursor) - PULL_OVERLAP_SECONDS)
    : wooTime(ctx.now - FIRST_PULL_SECONDS);
  let cursor = connector.cursor;
  let pages = 0;
  let orders = 0;
  try {
    const client = clientOf(ctx, connector);
    for (let page = 1; ; page++) {
      const read = await client.ordersModifiedAfter(after, page, opts.perPage ?? PULL_PAGE_SIZE);
      for (const order of read.orders) {
        await takeOrder(ctx, connector, order);
        if (!cursor || unixOf(order.date_modified_gmt) > unixOf(cursor)) cursor = order.date_modified_gmt;
      }
      pages += 1;
      orders += read.orders.length;
      await updateConnector(ctx.db.kysely, connector.id, { cursor, updated_at: ctx.now });
      if (page >= read.totalPages || read.orders.length === 0) break;
    }
  } catch (err) {
    if (!isProviderError(err)) throw err;
    const secrets = (() => {
      try {
        return openSecrets(ctx, connector);
      } catch {
        return {};
      }
    })();
    await updateConnector(ctx.db.kysely, connector.id, {
      state: 'error',
      last_error: scrub(err.providerMessage, secrets),
      updated_at: ctx.now,
    });
    return { pages, orders };
  }
  await updateConnector(ctx.db.kysely, connector.id, {
    state: 'ok',
    last_error: null,
    last_sync_at: ctx.now,
    updated_at: ctx.now,
  });
  return { pages, orders };
}
