import { shopifyConnectorBody } from '../../../../core/api/connectors.js';
import type { ServiceContext } from '../../../context.js';
import { FieldProblems, parse } from '../../../http/errors.js';
import type { ProviderError } from '../../../providers/http.js';
import {
  SHOPIFY_COD_GATEWAYS,
  SHOPIFY_ORDER_TOPICS,
  SHOPIFY_ORDERS_PER_PAGE,
  verifyShopifyWebhook,
  type RestOrder,
  type ShopifyClient,
  type ShopifyInventoryTarget,
} from '../../../providers/shops/shopify.js';
import { orderOfRest } from '../../../providers/shops/shopifyOrders.js';
import type { ShopConnection, ShopKind, ShopSecrets } from './kind.js';
import { courierName, parcelTrackingUrl } from './notes.js';
import { shopifyOrderIn } from './shopifyOrder.js';

/**
 * Shopify (GraphQL Admin API): the access token checked with a read of the shop; webhooks
 * `ORDERS_CREATE`, `ORDERS_UPDATED`, `ORDERS_CANCELLED` signed with the app's client secret (the
 * seller's `api_secret`, never sent to Shopify: `X-Shopify-Hmac-Sha256`), deduplicated on
 * `X-Shopify-Event-Id`; the pull by `updated_at` with Shopify's cursor; an AWB as a fulfillment with
 * its tracking; a cancel as `orderCancel`; stock by SKU with `inventorySetQuantities`. Delivered
 * sends nothing: a fulfilled order is Shopify's last state a seller's app sets (see the docs).
 */

/** Shopify's webhook topics as its deliveries name them (`X-Shopify-Topic`). */
const ORDER_TOPICS = ['orders/create', 'orders/updated', 'orders/cancelled'];

function client(ctx: ServiceContext, address: string, secrets: ShopSecrets): ShopifyClient {
  if (!ctx.providers.shopify) throw new Error('this provider registry builds no Shopify client');
  return ctx.providers.shopify({ shop_domain: address, access_token: secrets.access_token ?? '' });
}
const clientOf = (ctx: ServiceContext, conn: ShopConnection) => client(ctx, conn.row.store_url, conn.secrets);

const unixOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const isoOf = (unix: number) => new Date(unix * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The subscriptions of our three topics at `url`: those the shop still has are kept, the missing
 * ones (never made, or deleted by Shopify after its deliveries kept failing) made again.
 */
async function ensureSubscriptions(c: ShopifyClient, url: string): Promise<string[]> {
  const existing = await c.webhookSubscriptions();
  const ids: string[] = [];
  for (const topic of SHOPIFY_ORDER_TOPICS) {
    const have = existing.find((h) => h.topic === topic && h.uri === url);
    ids.push(have ? have.id : await c.createWebhook(topic, url));
  }
  return ids;
}

export const shopifyKind: ShopKind = {
  type: 'shopify',
  label: 'Shopify',

  parseConnect(body) {
    const input = parse(shopifyConnectorBody, body);
    return {
      address: input.shop_domain,
      secrets: { access_token: input.access_token, api_secret: input.api_secret },
      cancelInShop: input.cancel_in_shop,
    };
  },

  refusal(err: ProviderError) {
    const reason = err.providerMessage;
    if (err.kind === 'refused_credentials')
      return FieldProblems.one('access_token', 'connector_refused', { shop: 'Shopify', reason });
    return FieldProblems.one('shop_domain', 'connector_unreachable', { shop: 'Shopify', reason });
  },

  // The api_secret cannot be checked here: Shopify never sees it, it only signs with it.
  async checkCredentials(ctx, address, secrets) {
    await client(ctx, address, secrets).checkCredentials();
  },

  async prepareEmulated(ctx, conn, catalogue) {
    // The emulated shop signs its webhooks with the secret the seller typed, as the seller's app would.
    await ctx.providers.demoShops?.prepare('shopify', conn.row.store_url, catalogue, {
      apiSecret: conn.secrets.api_secret,
    });
  },

  registerWebhooks: (ctx, conn, url) => ensureSubscriptions(clientOf(ctx, conn), url),

  ensureWebhooks: (ctx, conn, url) => ensureSubscriptions(clientOf(ctx, conn), url),

  async removeWebhooks(ctx, conn, ids) {
    const c = clientOf(ctx, conn);
    for (const id of ids) await c.deleteWebhook(id);
  },

  checkWebhook(conn, headers, body) {
    if (!verifyShopifyWebhook(body, headers['x-shopify-hmac-sha256'], conn.secrets.api_secret ?? ''))
      return { kind: 'refused' };
    return {
      kind: 'delivery',
      topic: headers['x-shopify-topic'] ?? '',
      // The documented dedupe key: the same for every retry of one event (the webhook id is per message).
      deliveryId: headers['x-shopify-event-id'] || headers['x-shopify-webhook-id'] || null,
    };
  },

  ordersOfDelivery(d) {
    if (!ORDER_TOPICS.includes(d.topic)) return [];
    let order: RestOrder | null = null;
    try {
      order = JSON.parse(d.body) as RestOrder;
    } catch {
      return [];
    }
    if (!order || typeof order.id !== 'number' || !Array.isArray(order.line_items)) return [];
    return [shopifyOrderIn(orderOfRest(order, SHOPIFY_COD_GATEWAYS))];
  },

  async *pull(ctx, conn, after, perPage) {
    const c = clientOf(ctx, conn);
    // At most Shopify's page: a larger one costs more than a query may (MAX_COST_EXCEEDED).
    const first = Math.min(perPage ?? SHOPIFY_ORDERS_PER_PAGE, SHOPIFY_ORDERS_PER_PAGE);
    let cursor: string | null = null;
    for (;;) {
      const page = await c.ordersUpdatedAfter(isoOf(after), cursor, first);
      let latest: number | null = null;
      for (const o of page.orders) latest = Math.max(latest ?? 0, unixOf(o.updatedAt));
      const last = !page.hasNextPage || page.orders.length === 0;
      yield { orders: page.orders.map(shopifyOrderIn), cursor: latest, last };
      if (last) return;
      cursor = page.endCursor;
    }
  },

  async demoTakeOrders(ctx, conn, count) {
    await ctx.providers.demoShops?.takeOrders('shopify', conn.row.store_url, count);
  },

  async awbCreated(ctx, conn, externalId, awb) {
    await clientOf(ctx, conn).fulfill(externalId, {
      number: awb.awb,
      company: courierName(awb.courier),
      url: parcelTrackingUrl(awb.courier, awb.awb) ?? '',
    });
  },

  async orderStatus(ctx, conn, externalId, status) {
    // Delivered: nothing to say. Shopify has no "delivered" an app sets on an order (a fulfillment's
    // delivery events belong to the carrier's tracking integrations); the fulfillment already closed it.
    if (status === 'cancelled') await clientOf(ctx, conn).cancelOrder(externalId, { notifyCustomer: true });
  },

  stockTarget: (ctx, conn, sku) => clientOf(ctx, conn).inventoryTarget(sku),

  async setStock(ctx, conn, target, quantity) {
    await clientOf(ctx, conn).setInventory(target as ShopifyInventoryTarget, quantity);
  },
};
