import { forCompany, type ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { isProviderError } from '../../providers/http.js';
import { receiveShopOrder, receiveShopOrders } from '../intake/index.js';
import { insertSystemNotification } from '../notifications/index.js';
import { cancelOrder, intakeOrderId } from '../orders/index.js';
import { sourceNameOf } from '../sources/index.js';
import {
  connectorById,
  connectorBySource,
  countOrderIn,
  insertEventOnce,
  markEventProcessed,
  recordShopCancel,
  updateConnector,
  waitingEvents,
  type ConnectorRow,
} from './queries.js';
import { connectionOf, openSecrets, scrub, secretsOrNone, webhookIdsOf, webhookUrl } from './service.js';
import { shopKind, type ShopConnection, type ShopOrderIn } from './shops/index.js';

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

/** The cursor as stored: UTC `YYYY-MM-DDTHH:MM:SS` (WooCommerce's GMT dates, which it started with). */
const cursorText = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19);
const unixOf = (gmt: string) => Math.floor(Date.parse(`${gmt.replace(/Z$/, '')}Z`) / 1000);

/**
 * One order of the shop: a placed one becomes (or changes) its intake item; one the shop ended is
 * cancelled here when it has no AWB and no invoice, otherwise the seller is told (once); one not
 * placed yet (awaiting payment, a draft, done before we were connected) is left.
 */
export async function takeOrder(base: ServiceContext, conn: ShopConnection, order: ShopOrderIn): Promise<void> {
  const connector = conn.row;
  const ctx = forCompany(base, connector.company_id);
  if (order.kind === 'take') {
    const outcome = await receiveShopOrder(
      ctx,
      { companyId: connector.company_id, sourceId: connector.source_id },
      order.intake,
    );
    if (outcome.kind === 'created') await countOrderIn(ctx.db.kysely, connector.id, ctx.now);
    // Stored here first: only then may the shop consider it taken (eMAG's acknowledge).
    await shopKind(connector.type).acknowledge?.(ctx, conn, order.externalId);
    return;
  }
  if (order.kind === 'ended') await cancelledInShop(ctx, connector, order.externalId);
}

/**
 * A page of the pull: its placed orders go into the intake together (the intake's
 * receiveShopOrders: the same outcome for each as takeOrder's, in a page's round trips), each
 * counted and acknowledged once stored; the rest one by one as takeOrder. An order whose work
 * failed fails the page after the others are taken, so the cursor stays before it.
 */
async function takePage(base: ServiceContext, conn: ShopConnection, orders: ShopOrderIn[]): Promise<void> {
  const connector = conn.row;
  const ctx = forCompany(base, connector.company_id);
  const placed = orders.filter((o) => o.kind === 'take');
  const outcomes = await receiveShopOrders(
    ctx,
    { companyId: connector.company_id, sourceId: connector.source_id },
    placed.map((o) => o.intake),
  );
  // Counted together: statements outside a transaction go out at once on PostgreSQL (pipelined).
  const created = outcomes.filter((o) => o.kind === 'created').length;
  await Promise.all(Array.from({ length: created }, () => countOrderIn(ctx.db.kysely, connector.id, ctx.now)));
  let failure: { error: unknown } | null = null;
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.kind === 'failed') failure ??= { error: outcome.error };
    else await shopKind(connector.type).acknowledge?.(ctx, conn, placed[i].externalId);
  }
  for (const order of orders) if (order.kind !== 'take') await takeOrder(ctx, conn, order);
  if (failure) throw failure.error;
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

export interface ShopWebhookDelivery {
  type: string;
  sourceId: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

const unauthorized = () => new HttpError(401, 'webhook_unauthorized');

/**
 * `POST /api/v1/hooks/{type}/{source_id}`: the shop kind checks the signature (a ping is answered
 * 200, a wrong or missing signature 401 with nothing stored); a right delivery is stored as
 * received, answered, and worked; a failure of the work leaves it stored for the next pull.
 */
export async function receiveWebhook(base: ServiceContext, d: ShopWebhookDelivery): Promise<{ status: 200 }> {
  const connector = await connectorBySource(base.db.kysely, d.sourceId);
  if (!connector || connector.type !== d.type) throw unauthorized();
  const kind = shopKind(connector.type);
  if (!kind.checkWebhook) throw unauthorized();
  let conn: ShopConnection;
  try {
    conn = { row: connector, secrets: openSecrets(base, connector) };
  } catch {
    throw unauthorized();
  }
  const check = kind.checkWebhook(conn, d.headers, d.body);
  if (check.kind === 'ping') return { status: 200 };
  if (check.kind === 'refused') throw unauthorized();
  const text = d.body.toString('utf8');
  // A delivery the shop sends again (same delivery id) is answered as received, and not worked twice.
  const eventId = await insertEventOnce(base.db.kysely, {
    connectorId: connector.id,
    topic: check.topic,
    deliveryId: check.deliveryId,
    body: text,
    now: base.now,
  });
  if (eventId === null) return { status: 200 };
  try {
    await workEvent(base, conn, { id: eventId, topic: check.topic, body: text });
  } catch {
    // Stored: the next pull works it again (the delivery was right, so it is answered as received).
  }
  return { status: 200 };
}

async function workEvent(
  ctx: ServiceContext,
  conn: ShopConnection,
  e: { id: number; topic: string; body: string },
): Promise<void> {
  const orders = shopKind(conn.row.type).ordersOfDelivery?.({ topic: e.topic, body: e.body }) ?? [];
  for (const order of orders) await takeOrder(ctx, conn, order);
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
  const kind = shopKind(connector.type);
  let cursor = connector.cursor;
  let pages = 0;
  let orders = 0;
  try {
    const conn = connectionOf(ctx, connector);
    if (connector.emulated === 1 && connector.demo_orders > 0 && ctx.providers.demoShops && kind.demoTakeOrders)
      await kind.demoTakeOrders(ctx, conn, connector.demo_orders);
    for (const e of await waitingEvents(ctx.db.kysely, connector.id))
      await workEvent(ctx, conn, { id: e.id, topic: e.topic, body: e.body });
    const after = connector.cursor ? unixOf(connector.cursor) - PULL_OVERLAP_SECONDS : ctx.now - FIRST_PULL_SECONDS;
    for await (const page of kind.pull(ctx, conn, after, opts.perPage ?? PULL_PAGE_SIZE)) {
      await takePage(ctx, conn, page.orders);
      if (page.cursor !== null && (!cursor || page.cursor > unixOf(cursor))) cursor = cursorText(page.cursor);
      pages += 1;
      orders += page.orders.length;
      await updateConnector(ctx.db.kysely, connector.id, { cursor, updated_at: ctx.now });
    }
    // The shop disables or deletes a webhook whose deliveries failed: ours are made live again.
    if (kind.ensureWebhooks) {
      const ids = webhookIdsOf(connector);
      const now = await kind.ensureWebhooks(ctx, conn, webhookUrl(ctx, kind.type, connector.source_id), ids);
      if (JSON.stringify(now) !== JSON.stringify(ids))
        await updateConnector(ctx.db.kysely, connector.id, { webhook_ids: JSON.stringify(now), updated_at: ctx.now });
    }
  } catch (err) {
    if (!isProviderError(err) && !(err instanceof HttpError && err.key === 'integration_credentials_unreadable'))
      throw err;
    await updateConnector(ctx.db.kysely, connector.id, {
      state: 'error',
      last_error: isProviderError(err)
        ? scrub(err.providerMessage, secretsOrNone(ctx, connector))
        : 'The shop’s keys can no longer be read: connect the shop again.',
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
