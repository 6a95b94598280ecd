import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { flag, requiredText } from '../validation.js';

/**
 * A source's shop connector: the shop's orders come in by themselves (webhooks and a safety pull,
 * through the intake), and what the seller does here (AWB, delivery, cancel, stock) goes back.
 * WooCommerce first; Shopify and eMAG Marketplace take the same calls with their own fields.
 */

export const CONNECTOR_TYPES = ['woocommerce', 'emag', 'shopify'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

/** A shop's address: http(s), a host, nothing after the site's path (stored without a trailing slash). */
const storeUrl = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\/+$/, '') : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .max(255, { error: 'too_long' })
      .refine(
        (v) => {
          try {
            const u = new URL(v);
            return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.search && !u.hash;
          } catch {
            return false;
          }
        },
        { error: 'connector_invalid_store_url' },
      ),
  );

export const wooConnectorBody = z.object({
  type: z.literal('woocommerce', { error: 'connector_invalid_type' }),
  store_url: storeUrl(),
  consumer_key: requiredText(100),
  consumer_secret: requiredText(100),
  cancel_in_shop: flag().default(true),
});
export type WooConnectorInput = z.input<typeof wooConnectorBody>;

/** A Shopify shop's domain (`magazin.myshopify.com`, or with `https://`): stored as its host alone, lower case. */
const shopDomain = () =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .trim()
            .toLowerCase()
            .replace(/^https?:\/\//, '')
            .replace(/\/.*$/, '')
        : v,
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .max(255, { error: 'too_long' })
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, {
        error: 'connector_invalid_shop_domain',
      }),
  );

export const shopifyConnectorBody = z.object({
  type: z.literal('shopify', { error: 'connector_invalid_type' }),
  shop_domain: shopDomain(),
  access_token: requiredText(200),
  api_secret: requiredText(200),
  cancel_in_shop: flag().default(true),
});
export type ShopifyConnectorInput = z.input<typeof shopifyConnectorBody>;

/** eMAG Marketplace: the login of a seller user with API rights (the address shown is `emag:<username>`). */
export const emagConnectorBody = z.object({
  type: z.literal('emag', { error: 'connector_invalid_type' }),
  username: requiredText(100),
  password: requiredText(100),
  cancel_in_shop: flag().default(true),
});
export type EmagConnectorInput = z.input<typeof emagConnectorBody>;

/** The type decides the fields: read it first, so that a wrong type is one message on `type`. */
export const connectorTypeBody = z.object({
  type: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: 'required' })
      .refine((v) => (CONNECTOR_TYPES as readonly string[]).includes(v), { error: 'connector_invalid_type' }),
  ),
});

/** An update of a connector's settings (`POST /api/v1/source/{id}/connector/settings`). */
export const connectorSettingsBody = z.object({ cancel_in_shop: flag() });

export type ConnectorState = 'ok' | 'error';

/** An update that goes back to the shop, as the source's page lists it. */
export interface ConnectorUpdate {
  id: number;
  /** shop_cancel: the shop cancelled an order that has an AWB or an invoice here (the seller's to settle). */
  kind: 'order_note' | 'order_status' | 'stock' | 'invoice' | 'storno' | 'shop_cancel';
  /** The shop's order id, or the SKU. */
  ref: string;
  order_id: number | null;
  state: 'waiting' | 'failed' | 'skipped';
  attempts: number;
  /** The shop's words of the last failure. */
  last_error: string | null;
  created_at: number;
}

/** `GET /api/v1/source/{id}/connector`: never a secret. */
export interface Connector {
  type: ConnectorType;
  store_url: string;
  /** The shop is the built-in emulator (PROVIDERS=emulated). */
  emulated: boolean;
  state: ConnectorState;
  last_sync_at: number | null;
  /** The shop's words of the last failed pull or webhook registration. */
  last_error: string | null;
  /** Orders of the shop that came in (created here). */
  orders_in: number;
  /** Updates waiting to be sent. */
  updates_waiting: number;
  /** Updates that failed (kept, with the shop's words), newest first. */
  updates_failed: ConnectorUpdate[];
  cancel_in_shop: boolean;
  /** Where the shop delivers its webhooks (registered by the console; pasted by hand only if that failed); null for a shop without webhooks (eMAG). */
  webhook_url: string | null;
  /** The emulated shop's demo keys (emulated mode), else null. */
  demo: Record<string, string> | null;
  created_at: number;
}

/** `GET /api/v1/connectors`: each source of the company with a shop connected, for the sources list's mark. */
export interface ConnectedShop {
  source_id: number;
  type: ConnectorType;
  emulated: boolean;
  state: ConnectorState;
}

/** `GET /api/v1/source/{id}/connector/form`: what the connect form shows before a shop is connected. */
export interface ConnectorForm {
  /** The shops are the built-in emulators (PROVIDERS=emulated). */
  emulated: boolean;
  /** Each shop's demo keys, by type (emulated mode), else null. */
  demo: Partial<Record<ConnectorType, Record<string, string>>> | null;
  /** Where each shop that has webhooks delivers them for this source. */
  webhook_urls: Partial<Record<ConnectorType, string>>;
}

registerMessages({
  en: {
    connector_invalid_type: 'Choose the shop: WooCommerce, Shopify or eMAG Marketplace.',
    connector_invalid_store_url: 'Enter the shop’s address, e.g. https://shop.ro.',
    connector_invalid_shop_domain: 'Enter the shop’s domain, e.g. shop.myshopify.com.',
    connector_https_required: 'The shop must be reached over HTTPS (WooCommerce refuses keys over plain HTTP).',
    connector_refused: '{{shop}} refused the keys: {{reason}}',
    connector_unreachable: '{{shop}} could not be reached: {{reason}}',
    connector_exists: 'This source is already connected to a shop: disconnect it first.',
    connector_not_found: 'This source has no shop connected.',
    connector_emag_refused: 'eMAG refused the login: {{reason}}',
    webhook_unauthorized: 'The webhook’s signature is not right.',
  },
  ro: {
    connector_invalid_type: 'Alegeți magazinul: WooCommerce, Shopify sau eMAG Marketplace.',
    connector_invalid_store_url: 'Introduceți adresa magazinului, de ex. https://magazin.ro.',
    connector_invalid_shop_domain: 'Introduceți domeniul magazinului, de ex. magazin.myshopify.com.',
    connector_https_required: 'Magazinul trebuie accesat prin HTTPS (WooCommerce refuză cheile prin HTTP simplu).',
    connector_refused: '{{shop}} a refuzat cheile: {{reason}}',
    connector_unreachable: '{{shop}} nu a putut fi contactat: {{reason}}',
    connector_exists: 'Această sursă este deja conectată la un magazin: deconectați-o mai întâi.',
    connector_not_found: 'Această sursă nu are niciun magazin conectat.',
    connector_emag_refused: 'eMAG a refuzat autentificarea: {{reason}}',
    webhook_unauthorized: 'Semnătura webhook-ului nu este corectă.',
  },
});
