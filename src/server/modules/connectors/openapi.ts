import { connectorSettingsBody, wooConnectorBody } from '../../../core/api/connectors.js';
import type { ApiDoc } from '../../http/openapi.js';

/** A source's shop connector and the shops' webhooks. */
export const connectorApiDocs: ApiDoc[] = [
  {
    method: 'POST',
    url: '/api/v1/source/:id/connector',
    summary:
      'Connect the source to a shop: `{ type: "woocommerce", store_url, consumer_key, consumer_secret }` or `{ type: "shopify", shop_domain, access_token, api_secret }` or `{ type: "emag", username, password }` (eMAG: no webhooks, the pull every 5 minutes; shown as `emag:<username>`). The keys are checked against the shop (422 with the shop\'s words when refused), sealed, and the shop\'s webhooks registered; the first pull starts at once. In emulated mode the demo keys are ck_demo / cs_demo',
    body: wooConnectorBody,
    ok: { status: 201, description: '`{ data: connector }` (never a secret).' },
    errors: { 409: 'The source is already connected.' },
  },
  {
    method: 'GET',
    url: '/api/v1/connectors',
    summary:
      'The sources of the selected company that have a shop connected: `{ data: [{ source_id, type, emulated, state }] }` (the sources list marks them), never a secret',
  },
  {
    method: 'GET',
    url: '/api/v1/source/:id/connector/form',
    summary:
      'What the connect form shows: whether the shops are emulated, each shop’s demo keys (emulated mode), and the webhook address of each shop that has webhooks',
  },
  {
    method: 'GET',
    url: '/api/v1/source/:id/connector',
    summary:
      'The connector: type, emulated, state (ok | error), last_sync_at, last_error, orders_in, updates_waiting, the failed updates with the shop’s words, the webhook address',
  },
  {
    method: 'DELETE',
    url: '/api/v1/source/:id/connector',
    summary: 'Disconnect the shop (its webhooks removed at the shop)',
  },
  {
    method: 'POST',
    url: '/api/v1/source/:id/connector/sync',
    summary: 'Pull the shop’s orders now (202: the pull runs in the background)',
    ok: { status: 202, description: '`{ data: connector }`.' },
  },
  {
    method: 'POST',
    url: '/api/v1/source/:id/connector/settings',
    summary: 'Whether an order cancelled here is cancelled in the shop (on by default)',
    body: connectorSettingsBody,
  },
  {
    method: 'POST',
    url: '/api/v1/hooks/woocommerce/:id',
    summary:
      "WooCommerce's webhook deliveries for the source (registered by the console): `X-WC-Webhook-Signature` is the base64 HMAC-SHA256 of the raw body with the webhook's secret; a wrong one is 401 and nothing is stored. WooCommerce's ping (`webhook_id=<id>`) is answered 200",
    ok: { status: 200, description: '`{ ok: true }`' },
  },
  {
    method: 'POST',
    url: '/api/v1/hooks/shopify/:id',
    summary:
      "Shopify's webhook deliveries (orders/create, orders/updated, orders/cancelled) for the source: `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw body with the app's client secret (the connector's api_secret); a wrong one is 401 and nothing is stored. A delivery whose `X-Shopify-Event-Id` was already stored is answered 200 and not worked again",
    ok: { status: 200, description: '`{ ok: true }`' },
  },
];
