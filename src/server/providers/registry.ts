import type { Clock } from '../lib/clock.js';
import type { ProvidersConfig, ProvidersMode } from './config.js';
import { memoryTokenStore, type ProviderName, type TokenStore } from './http.js';
import type { ProviderFetch } from './transport.js';
import type { ClientDeps } from './shared.js';
import { CargusClient } from './couriers/cargus.js';
import { DpdClient } from './couriers/dpd.js';
import { FanClient } from './couriers/fan.js';
import { SamedayClient } from './couriers/sameday.js';
import type { CourierClient, CourierCredentials, CourierProvider } from './couriers/types.js';
import { SmartBillClient } from './invoicing/smartbill.js';
import type { InvoicingClient, InvoicingCredentials } from './invoicing/types.js';
import { TelegramClient } from './messaging/telegram.js';
import type { MessagingClient, TelegramCredentials, VonageCredentials } from './messaging/types.js';
import { VonageClient } from './messaging/vonage.js';
import { BnrClient, type ExchangeRatesClient } from './rates/bnr.js';
import { EmagClient, emagAccountPath, type EmagCredentials } from './shops/emag.js';
import { ShopifyClient, shopifyHost, type ShopifyCredentials } from './shops/shopify.js';
import { WooCommerceClient, type WooCredentials } from './shops/woocommerce.js';

/**
 * Builds provider clients from a company's stored credentials. One registry per app (it holds the
 * shared token cache and the transport); the app decorates itself with it as `app.providers`.
 *
 * For the integrations engineer: `registry.courier('sameday', {username, password})`,
 * `registry.invoicing({username, token, vat_code})`, `registry.messaging('vonage', {...})`.
 * Building a client makes no call; the first method call does.
 */
export interface ProviderRegistry {
  readonly mode: ProvidersMode;
  /** True when the provider's calls go to the built-in emulator. */
  isEmulated(provider: ProviderName): boolean;
  /** The emulator's demo account in emulated mode (shown in the wizard, printed at start), else null. */
  demoCredentials(provider: ProviderName): Record<string, string> | null;
  /**
   * The demo login to show one seller in emulated mode, else null: a courier whose label prints the
   * account holder (Sameday, DPD) opens the seller its own account (once), the others answer the
   * shared demo account.
   */
  demoAccountFor(provider: ProviderName, holder: DemoAccountHolder): Promise<Record<string, string> | null>;
  courier(provider: CourierProvider, credentials: CourierCredentials): CourierClient;
  invoicing(credentials: InvoicingCredentials): InvoicingClient;
  messaging(provider: 'vonage', credentials: VonageCredentials): MessagingClient;
  messaging(provider: 'telegram', credentials: TelegramCredentials): MessagingClient;
  /** The BNR's daily reference rates (public: no credentials). */
  exchangeRates(): ExchangeRatesClient;
  /**
   * A WooCommerce shop's client: its store_url's API, or in emulated mode the emulator's shop of that
   * host. Optional, as is `demoShops`, only so that a test's registry of couriers need not name them.
   */
  woocommerce?(credentials: WooCredentials): WooCommerceClient;
  /**
   * An eMAG Marketplace seller's client. Live: the eMAG host (EMAG_BASE_URL, RO by default). Emulated:
   * every seller logs in with the demo login, so `account` (stable for the seller, e.g. the source's
   * id) names its own emulated account, whose orders no other seller sees.
   */
  emag?(credentials: EmagCredentials, account: string): EmagClient;
  /** A Shopify shop's client: `https://{shop_domain}` live, the emulator's shop of that host emulated. */
  shopify?(credentials: Pick<ShopifyCredentials, 'shop_domain' | 'access_token'>): ShopifyClient;
  /** The emulated shops' own doings (emulated mode; null live): a new shop's catalogue and orders, new orders. */
  readonly demoShops?: DemoShops | null;
}

/** A product of the seller's catalogue an emulated shop sells (price in bani, VAT included). */
export interface DemoShopProduct {
  sku: string;
  name: string;
  price: number;
  stock: number | null;
  variations?: { sku: string; name: string; price: number; stock: number | null }[];
}

/** The shops that have emulators (a connector's type). */
export type DemoShopType = 'woocommerce' | 'shopify' | 'emag';

/**
 * What only an emulated shop does, by its type and address (a store URL, a shop domain, an eMAG
 * account): filled at its first connection, taking orders in the demo. `apiSecret`: what the
 * emulated shop signs its webhooks with (Shopify: the seller's app secret).
 */
export interface DemoShops {
  prepare(
    type: DemoShopType,
    address: string,
    catalogue: DemoShopProduct[],
    opts: { apiSecret?: string },
  ): Promise<void>;
  takeOrders(type: DemoShopType, address: string, count: number): Promise<void>;
}

/** The host that names a shop (lower case, with its port if any). */
export const shopHost = (storeUrl: string): string => new URL(storeUrl).host.toLowerCase();

/**
 * The seller a demo account is opened for (emulated mode), as a courier's contract names its client:
 * `ref` is stable for the seller (`company-<id>`), the rest its current details.
 */
export interface DemoAccountHolder {
  ref: string;
  name: string;
  contact: string;
  address: string | null;
  city: string | null;
  county: string | null;
}

export interface RegistryDeps {
  config: ProvidersConfig;
  clock: Clock;
  /** The transport: the emulators in process (injectFetch(app.emulatorHost)) in emulated mode, else the network (networkFetch). */
  fetch?: ProviderFetch;
  /** The pause before a read is retried (default HttpOptions'); tests shorten it. */
  retryDelayMs?: number;
  tokens?: TokenStore;
  /** The emulators' demo accounts (emulated mode). */
  demoAccounts?: Partial<Record<ProviderName, Record<string, string>>>;
  /** The emulated shops (emulated mode). */
  demoShops?: DemoShops;
  /** Opens a seller's own account at an emulator that opens them (emulated mode); null where it does not. */
  openDemoAccount?: (provider: ProviderName, holder: DemoAccountHolder) => Promise<Record<string, string> | null>;
}

export function createProviderRegistry(deps: RegistryDeps): ProviderRegistry {
  const tokens = deps.tokens ?? memoryTokenStore();
  const clientDeps = (provider: ProviderName): ClientDeps => ({
    baseUrl: deps.config.baseUrls[provider],
    clock: deps.clock,
    tokens,
    http: { fetch: deps.fetch, timeoutMs: deps.config.timeoutMs, retryDelayMs: deps.retryDelayMs },
  });
  const emulated = deps.config.mode === 'emulated';
  return {
    mode: deps.config.mode,
    isEmulated: () => emulated,
    demoCredentials: (provider) => (emulated ? (deps.demoAccounts?.[provider] ?? null) : null),
    async demoAccountFor(provider, holder) {
      if (!emulated) return null;
      const own = deps.openDemoAccount ? await deps.openDemoAccount(provider, holder) : null;
      return own ?? deps.demoAccounts?.[provider] ?? null;
    },
    courier(provider, credentials) {
      switch (provider) {
        case 'cargus':
          return new CargusClient(credentials, clientDeps('cargus'));
        case 'sameday':
          return new SamedayClient(credentials, clientDeps('sameday'));
        case 'dpd':
          return new DpdClient(credentials, clientDeps('dpd'));
        case 'fan':
          return new FanClient(credentials, clientDeps('fan'));
      }
    },
    invoicing: (credentials) => new SmartBillClient(credentials, clientDeps('smartbill')),
    messaging(provider: 'vonage' | 'telegram', credentials: VonageCredentials | TelegramCredentials): MessagingClient {
      return provider === 'vonage'
        ? new VonageClient(credentials as VonageCredentials, clientDeps('vonage'))
        : new TelegramClient(credentials as TelegramCredentials, clientDeps('telegram'));
    },
    exchangeRates: () => new BnrClient(clientDeps('bnr')),
    woocommerce(credentials) {
      const root = emulated
        ? `${deps.config.baseUrls.woocommerce}/shops/${encodeURIComponent(shopHost(credentials.store_url))}`
        : credentials.store_url.replace(/\/+$/, '');
      return new WooCommerceClient(credentials, { ...clientDeps('woocommerce'), baseUrl: `${root}/wp-json/wc/v3` });
    },
    emag(credentials, account) {
      const base = deps.config.baseUrls.emag;
      return new EmagClient(credentials, {
        ...clientDeps('emag'),
        baseUrl: emulated ? `${base.replace(/\/api-3$/, '')}${emagAccountPath(account)}` : base,
      });
    },
    shopify(credentials) {
      const host = shopifyHost(credentials.shop_domain);
      const root = emulated ? `${deps.config.baseUrls.shopify}/shops/${encodeURIComponent(host)}` : `https://${host}`;
      return new ShopifyClient(credentials, { ...clientDeps('shopify'), baseUrl: root });
    },
    demoShops: emulated ? (deps.demoShops ?? null) : null,
  };
}
