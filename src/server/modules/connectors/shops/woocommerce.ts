import crypto from 'node:crypto';
import { wooConnectorBody } from '../../../../core/api/connectors.js';
import type { ServiceContext } from '../../../context.js';
import { FieldProblems, parse } from '../../../http/errors.js';
import type { ProviderError } from '../../../providers/http.js';
import type { WooCommerceClient, WooOrder, WooStockTarget } from '../../../providers/shops/woocommerce.js';
import type { ShopConnection, ShopKind, ShopOrderIn, ShopSecrets } from './kind.js';
import { awbNote } from './notes.js';
import { intakeOrderOfWoo, wooOrderKind } from './wooOrder.js';

/**
 * WooCommerce (REST API v3): keys checked with a one-order read, webhooks `order.created` and
 * `order.updated` signed with a secret made here (`X-WC-Webhook-Signature`, base64 HMAC-SHA256 of the
 * exact body), the pull by modification time in pages of 100, an AWB as a note for the buyer, the
 * order's status set, stock by SKU (a variation's too).
 */

export const WEBHOOK_TOPICS = ['order.created', 'order.updated'] as const;

/** WooCommerce's GMT dates, `YYYY-MM-DDTHH:MM:SS` without a zone. */
const wooTime = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 19);
const unixOf = (gmt: string) => Math.floor(Date.parse(`${gmt.replace(/Z$/, '')}Z`) / 1000);

function client(ctx: ServiceContext, address: string, secrets: ShopSecrets): WooCommerceClient {
  if (!ctx.providers.woocommerce) throw new Error('this provider registry builds no WooCommerce client');
  return ctx.providers.woocommerce({
    store_url: address,
    consumer_key: secrets.consumer_key ?? '',
    consumer_secret: secrets.consumer_secret ?? '',
  });
}
const clientOf = (ctx: ServiceContext, conn: ShopConnection) => client(ctx, conn.row.store_url, conn.secrets);

/** A WooCommerce order as the connector takes it. */
export function wooOrderIn(order: WooOrder): ShopOrderIn {
  const externalId = String(order.id);
  const kind = wooOrderKind(order);
  if (kind === 'take') return { kind: 'take', externalId, intake: intakeOrderOfWoo(order) };
  if (kind === 'ended') return { kind: 'ended', externalId };
  return { kind: 'left', externalId };
}

/**
 * What makes two deliveries the same: the order and its modification time. WooCommerce's delivery id
 * (`wp_hash(webhook id . time)`) is the same for two orders delivered in one second, so it cannot
 * tell a repeat; the same order as modified at the same second is one (null: not an order's body).
 */
function wooDeliveryKey(body: Buffer): string | null {
  try {
    const o = JSON.parse(body.toString('utf8')) as { id?: unknown; date_modified_gmt?: unknown };
    return typeof o.id === 'number' && typeof o.date_modified_gmt === 'string'
      ? `order:${o.id}@${o.date_modified_gmt}`
      : null;
  } catch {
    return null;
  }
}

export const woocommerceKind: ShopKind = {
  type: 'woocommerce',
  label: 'WooCommerce',

  parseConnect(body) {
    const input = parse(wooConnectorBody, body);
    return {
      address: input.store_url,
      secrets: { consumer_key: input.consumer_key, consumer_secret: input.consumer_secret },
      cancelInShop: input.cancel_in_shop,
    };
  },

  refusal(err: ProviderError) {
    const reason = err.providerMessage;
    if (err.kind === 'refused_credentials')
      return FieldProblems.one('consumer_key', 'connector_refused', { shop: 'WooCommerce', reason });
    return FieldProblems.one('store_url', 'connector_unreachable', { shop: 'WooCommerce', reason });
  },

  async checkCredentials(ctx, address, secrets, emulated) {
    // WooCommerce refuses Basic auth over plain HTTP, and its OAuth 1.0a signing is not implemented.
    if (!emulated && !address.startsWith('https://')) throw FieldProblems.one('store_url', 'connector_https_required');
    await client(ctx, address, secrets).checkCredentials();
  },

  // Letters and digits only: WooCommerce decodes HTML entities in the secret before signing.
  madeSecrets: () => ({ webhook_secret: crypto.randomBytes(24).toString('hex') }),

  async prepareEmulated(ctx, conn, catalogue) {
    await ctx.providers.demoShops?.prepare('woocommerce', conn.row.store_url, catalogue, {});
  },

  async registerWebhooks(ctx, conn, url) {
    const c = clientOf(ctx, conn);
    const ids: string[] = [];
    for (const topic of WEBHOOK_TOPICS)
      ids.push(
        String(
          await c.createWebhook({
            name: `Seller console: ${topic}`,
            topic,
            delivery_url: url,
            secret: conn.secrets.webhook_secret ?? '',
          }),
        ),
      );
    return ids;
  },

  async ensureWebhooks(ctx, conn, url, ids) {
    const c = clientOf(ctx, conn);
    const hooks = await c.webhooks();
    const now: string[] = [];
    for (const topic of WEBHOOK_TOPICS) {
      const hook =
        hooks.find((h) => h.topic === topic && ids.includes(String(h.id))) ??
        hooks.find((h) => h.topic === topic && h.delivery_url === url);
      if (!hook) {
        now.push(
          String(
            await c.createWebhook({
              name: `Seller console: ${topic}`,
              topic,
              delivery_url: url,
              secret: conn.secrets.webhook_secret ?? '',
            }),
          ),
        );
        continue;
      }
      if (hook.status !== 'active') await c.activateWebhook(hook.id);
      now.push(String(hook.id));
    }
    return now;
  },

  async removeWebhooks(ctx, conn, ids) {
    const c = clientOf(ctx, conn);
    for (const id of ids) await c.deleteWebhook(Number(id));
  },

  checkWebhook(conn, headers, body) {
    const given = headers['x-wc-webhook-signature'];
    // The ping WooCommerce sends when a webhook is saved: form-encoded, unsigned.
    if (!given && /^webhook_id=\d+$/.test(body.toString('utf8').trim())) return { kind: 'ping' };
    const secret = conn.secrets.webhook_secret;
    if (!given || !secret) return { kind: 'refused' };
    const expected = crypto.createHmac('sha256', secret).update(body).digest();
    const sent = Buffer.from(given, 'base64');
    if (sent.length !== expected.length || !crypto.timingSafeEqual(sent, expected)) return { kind: 'refused' };
    return { kind: 'delivery', topic: headers['x-wc-webhook-topic'] ?? '', deliveryId: wooDeliveryKey(body) };
  },

  ordersOfDelivery(d) {
    if (d.topic !== 'order.created' && d.topic !== 'order.updated') return [];
    let order: WooOrder | null = null;
    try {
      order = JSON.parse(d.body) as WooOrder;
    } catch {
      return [];
    }
    if (!order || typeof order.id !== 'number' || !Array.isArray(order.line_items)) return [];
    return [wooOrderIn(order)];
  },

  async *pull(ctx, conn, after, perPage = 100) {
    const c = clientOf(ctx, conn);
    for (let page = 1; ; page++) {
      const read = await c.ordersModifiedAfter(wooTime(after), page, perPage);
      let latest: number | null = null;
      for (const o of read.orders) latest = Math.max(latest ?? 0, unixOf(o.date_modified_gmt));
      const last = page >= read.totalPages || read.orders.length === 0;
      yield { orders: read.orders.map(wooOrderIn), cursor: latest, last };
      if (last) return;
    }
  },

  async demoTakeOrders(ctx, conn, count) {
    await ctx.providers.demoShops?.takeOrders('woocommerce', conn.row.store_url, count);
  },

  async awbCreated(ctx, conn, externalId, awb) {
    await clientOf(ctx, conn).addOrderNote(externalId, awbNote(awb.courier, awb.awb), true);
  },

  async orderStatus(ctx, conn, externalId, status) {
    await clientOf(ctx, conn).setOrderStatus(externalId, status);
  },

  stockTarget: (ctx, conn, sku) => clientOf(ctx, conn).stockTarget(sku),

  async setStock(ctx, conn, target, quantity) {
    await clientOf(ctx, conn).setStock(target as WooStockTarget, quantity);
  },
};
