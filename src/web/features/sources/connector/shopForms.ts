/**
 * The connect form's shops and their fields: what each kind of shop asks of the seller (the
 * server's connect body by type), which of them are secrets (typed hidden), and the body sent.
 */

export type ShopType = 'woocommerce' | 'shopify' | 'emag';
export const SHOP_TYPES: readonly ShopType[] = ['woocommerce', 'shopify', 'emag'];
export const SHOP_LABELS: Record<ShopType, string> = {
  woocommerce: 'WooCommerce',
  shopify: 'Shopify',
  emag: 'eMAG Marketplace',
};

export interface ShopField {
  /** The connect body's field (and the server's error key). */
  name: string;
  /** Its label's text key (the connectors namespace). */
  label: string;
  placeholder?: string;
  help?: string;
  /** Typed hidden, never shown back. */
  secret?: boolean;
}

export const SHOP_FIELDS: Record<ShopType, readonly ShopField[]> = {
  woocommerce: [
    { name: 'store_url', label: 'storeUrl', placeholder: 'storeUrlPlaceholder' },
    { name: 'consumer_key', label: 'consumerKey', help: 'keysHelp' },
    { name: 'consumer_secret', label: 'consumerSecret', secret: true },
  ],
  shopify: [
    { name: 'shop_domain', label: 'shopDomain', placeholder: 'shopDomainPlaceholder' },
    { name: 'access_token', label: 'accessToken', help: 'accessTokenHelp', secret: true },
    { name: 'api_secret', label: 'apiSecret', help: 'apiSecretHelp', secret: true },
  ],
  emag: [
    { name: 'username', label: 'emagUsername', help: 'emagHelp' },
    { name: 'password', label: 'emagPassword', secret: true },
  ],
};

export const isShopType = (v: string | null | undefined): v is ShopType =>
  v !== null && v !== undefined && (SHOP_TYPES as readonly string[]).includes(v);

/** The connect body of a shop: its type, its own fields only (another shop's typed values are not sent), the setting. */
export function connectBody(
  type: ShopType,
  values: Record<string, string>,
  cancelInShop: boolean,
): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = { type, cancel_in_shop: cancelInShop };
  for (const f of SHOP_FIELDS[type]) body[f.name] = (values[f.name] ?? '').trim();
  return body;
}

/** The demo keys of a shop as the form says them ("ck_demo / cs_demo"), in its fields' order; null without. */
export function demoKeysText(type: ShopType, demo: Record<string, string> | undefined | null): string | null {
  if (!demo) return null;
  const keys = SHOP_FIELDS[type].map((f) => demo[f.name]).filter((v): v is string => !!v);
  return keys.length ? keys.join(' / ') : null;
}

/**
 * Where the connected shop is, as the seller knows it: the shop's address (WooCommerce) or domain
 * (Shopify); for eMAG, whose connector is stored as `emag:<API user>`, the account's user, since
 * the internal `emag:` identifier means nothing to a seller.
 */
export function shopPlace(
  connector: { type: string; store_url: string },
  t: (key: 'emagUser', opts: { user: string }) => string,
): string {
  if (connector.type === 'emag') return t('emagUser', { user: connector.store_url.replace(/^emag:/, '') });
  return connector.store_url;
}

/** The connected shop in one line: "WooCommerce · https://shop.ro", "eMAG Marketplace · user demo". */
export function shopTitle(
  connector: { type: string; store_url: string },
  t: (key: 'emagUser', opts: { user: string }) => string,
): string {
  const name = isShopType(connector.type) ? SHOP_LABELS[connector.type] : connector.type;
  return `${name} · ${shopPlace(connector, t)}`;
}
