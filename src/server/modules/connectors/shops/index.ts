import type { ConnectorType } from '../../../../core/api/connectors.js';
import type { ShopKind } from './kind.js';
import { shopifyKind } from './shopify.js';
import { emagKind } from './emag.js';
import { woocommerceKind } from './woocommerce.js';

/**
 * Every kind of shop a source connects to, by its type. A new shop is one file implementing
 * `ShopKind` and its line here; the connector's service, pull, webhooks and outbox take it as is.
 */
const KINDS: Partial<Record<ConnectorType, ShopKind>> = {
  woocommerce: woocommerceKind,
  emag: emagKind,
  shopify: shopifyKind,
};

export function shopKind(type: string): ShopKind {
  const kind = KINDS[type as ConnectorType];
  if (!kind) throw new Error(`no shop kind ${type}`);
  return kind;
}

/** The kinds of shop that deliver webhooks (eMAG's orders are pulled only): one address each. */
export const webhookShopTypes = (): ConnectorType[] =>
  Object.values(KINDS)
    .filter((k): k is ShopKind => !!k?.checkWebhook)
    .map((k) => k.type);

export type { AwbUpdate, ShopConnection, ShopKind, ShopOrderIn, ShopPage, ShopSecrets } from './kind.js';
