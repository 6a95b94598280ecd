import { CONNECTOR_TYPES, type ConnectorType } from '../../../../core/api/connectors.js';
import type { ShopKind } from './kind.js';
import { shopifyKind } from './shopify.js';
import { emagKind } from './emag.js';
import { woocommerceKind } from './woocommerce.js';

/**
 * Every kind of shop a source connects to, by its type. A new shop is one file implementing
 * `ShopKind` and its line here; the connector's service, pull, webhooks and outbox take it as is.
 */
const KINDS: Record<ConnectorType, ShopKind> = {
  woocommerce: woocommerceKind,
  emag: emagKind,
  shopify: shopifyKind,
};

export function shopKind(type: string): ShopKind {
  const kind = KINDS[type as ConnectorType];
  if (!kind) throw new Error(`no shop kind ${type}`);
  return kind;
}

/** Whether a kind of shop delivers webhooks (eMAG's orders are pulled only): it then has its own address. */
export const hasWebhooks = (type: string): boolean => !!shopKind(type).checkWebhook;

/** The kinds of shop that deliver webhooks: one address each. */
export const webhookShopTypes = (): ConnectorType[] => CONNECTOR_TYPES.filter(hasWebhooks);

export type { AwbUpdate, ShopConnection, ShopKind, ShopOrderIn, ShopPage, ShopSecrets } from './kind.js';
