import crypto from 'node:crypto';
import { ProviderError, ProviderHttp, tryJson, type ProviderFieldError } from '../http.js';
import type { ClientDeps } from '../shared.js';
import { tokenKey } from '../shared.js';
import {
  ORDER_LINES_QUERY,
  ORDER_QUERY,
  ORDERS_QUERY,
  orderGid,
  orderOfGql,
  orderOfRest,
  plain,
  SHOPIFY_COD_GATEWAYS,
  shopifyPaymentMethod,
  type GqlOrder,
  type RestOrder,
  type ShopifyOrder,
  type ShopPaymentMethod,
} from './shopifyOrders.js';

export {
  orderGid,
  SHOPIFY_COD_GATEWAYS,
  type RestOrder,
  type ShopifyAddress,
  type ShopifyOrder,
  type ShopPaymentMethod,
} from './shopifyOrders.js';

/**
 * Shopify GraphQL Admin API client (`POST https://{shop}/admin/api/{version}/graphql.json`, header
 * `X-Shopify-Access-Token`), pinned to one API version: Shopify answers a retired version with the
 * oldest supported one, silently, so the version is ours to move, not Shopify's.
 *
 * - Every answer is HTTP 200 with `data`, top-level `errors[]` (a bad query, ACCESS_DENIED,
 *   THROTTLED) and, in mutations, `userErrors[]`: all three are read, and any error becomes one
 *   `ProviderError` with Shopify's words. HTTP 401 is a token refused, 402 a frozen shop, 403 a missing
 *   scope or an uninstalled app, 404 a wrong shop or version, 423 a locked shop, 5xx transient.
 * - Cost-based limits: each answer's `extensions.cost.throttleStatus` says how many points the shop's
 *   bucket holds and how fast it refills. Calls to one shop go one at a time, and each waits until the
 *   bucket holds what the query is expected to cost (its cost as last answered, else our estimate), so
 *   Shopify never has to refuse one. If it refuses anyway (THROTTLED, or HTTP 429), nothing was done
 *   (a throttled query is refused before it runs, mutations too), so the call waits and is sent again.
 * - The order shape (`ShopifyOrder`) is the same whether read by the pull or from a webhook (REST
 *   JSON): the external id is the order's legacy numeric id, the one both carry (`legacyResourceId` /
 *   `id`), which never changes; `name` ("#1001", prefix set by the merchant) is shown, not matched.
 */

/** The pinned Admin API version (quarterly `YYYY-MM`; each is supported about a year). */
export const SHOPIFY_API_VERSION = '2026-01';

/** Shopify refuses a single query whose requested cost exceeds this, whatever the bucket holds. */
export const SHOPIFY_MAX_QUERY_COST = 1000;

/**
 * Orders per page of the pull. Shopify costs a connection `2 + first × (each node's cost)` before
 * running it, so `orders(first: 100)` with its line items asks for several thousand points and is
 * refused (MAX_COST_EXCEEDED). 20 orders with 10 lines each cost about 800; an order with more lines
 * has the rest read by a query of its own, so none is lost.
 */
export const SHOPIFY_ORDERS_PER_PAGE = 20;

export interface ShopifyCredentials {
  shop_domain: string;
  access_token: string;
  /** The app's client secret: the key of the webhooks' signatures (never sent to Shopify). */
  api_secret: string;
}

export interface ShopifyOrdersPage {
  orders: ShopifyOrder[];
  hasNextPage: boolean;
  /** Pass back as `after` for the next page (opaque). */
  endCursor: string | null;
}

export type ShopifyWebhookTopic = 'ORDERS_CREATE' | 'ORDERS_UPDATED' | 'ORDERS_CANCELLED';
export const SHOPIFY_ORDER_TOPICS: readonly ShopifyWebhookTopic[] = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'ORDERS_CANCELLED',
];

/** A variant's inventory item at a location: where a SKU's stock is set. */
export interface ShopifyInventoryTarget {
  sku: string;
  inventoryItemId: string;
  locationId: string;
}

export interface ShopifyTracking {
  number: string;
  company: string;
  url: string;
}

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}
interface Cost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: ThrottleStatus;
}
interface GqlError {
  message?: string;
  extensions?: { code?: string; cost?: number; maxCost?: number };
}
interface GqlAnswer<T> {
  data?: T;
  errors?: GqlError[] | string;
  extensions?: { cost?: Cost };
}
interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What this process knows of one shop's bucket, and the queue its calls wait in. Per shop and token
 * (the bucket is per app and store), shared by every client built for it.
 */
class Bucket {
  status: ThrottleStatus | null = null;
  at = 0;
  private tail: Promise<unknown> = Promise.resolve();
  /** Runs calls one after another (two at once would both count on the same points). */
  queue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
  available(nowMs: number): number {
    if (!this.status) return Infinity;
    const { maximumAvailable, currentlyAvailable, restoreRate } = this.status;
    return Math.min(maximumAvailable, currentlyAvailable + ((nowMs - this.at) / 1000) * restoreRate);
  }
  /** How long to wait before `cost` points are there (0 when they are). */
  waitFor(cost: number, nowMs: number): number {
    if (!this.status) return 0;
    const missing = Math.min(cost, this.status.maximumAvailable) - this.available(nowMs);
    return missing <= 0 ? 0 : Math.ceil((missing / Math.max(this.status.restoreRate, 1)) * 1000) + 20;
  }
  learn(status: ThrottleStatus, nowMs: number) {
    this.status = status;
    this.at = nowMs;
  }
}
const buckets = new Map<string, Bucket>();

export class ShopifyClient {
  private readonly http: ProviderHttp;
  private readonly token: string;
  private readonly bucket: Bucket;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly nowMs: () => number;
  private readonly path: string;
  /** The requested cost each operation was last answered with (our estimate until then). */
  private readonly costs = new Map<string, number>();
  private readonly codGateways: string[];

  /**
   * `deps.baseUrl`: the shop's root (`https://{shop}.myshopify.com`, or the emulator's shop); the
   * client appends `/admin/api/{version}/graphql.json`.
   */
  constructor(
    credentials: Pick<ShopifyCredentials, 'access_token'>,
    deps: ClientDeps,
    opts: { version?: string; codGateways?: string[]; nowMs?: () => number } = {},
  ) {
    this.http = new ProviderHttp('shopify', deps.baseUrl, { readRetries: 2, ...deps.http });
    this.token = credentials.access_token;
    this.path = `admin/api/${opts.version ?? SHOPIFY_API_VERSION}/graphql.json`;
    this.sleep = deps.http?.sleep ?? realSleep;
    this.nowMs = opts.nowMs ?? (() => Date.now());
    this.codGateways = (opts.codGateways ?? SHOPIFY_COD_GATEWAYS).map(plain);
    const key = tokenKey(deps.baseUrl, credentials.access_token);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = new Bucket()));
    this.bucket = bucket;
  }

  /**
   * One GraphQL operation: waits for the bucket, sends, reads the cost, and turns every kind of
   * error into a ProviderError. `estimate`: its cost before Shopify has told us.
   */
  async graphql<T>(
    op: string,
    query: string,
    variables: Record<string, unknown>,
    opts: { estimate: number; mutation?: boolean },
  ): Promise<T> {
    return this.bucket.queue(async () => {
      for (let attempt = 1; ; attempt++) {
        const cost = this.costs.get(op) ?? opts.estimate;
        const wait = this.bucket.waitFor(cost, this.nowMs());
        if (wait > 0) await this.sleep(wait);
        const res = await this.http.send({
          method: 'POST',
          path: this.path,
          headers: {
            'x-shopify-access-token': this.token,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ query, variables }),
          // Queries are reads; a mutation is sent once by the HTTP layer (the outbox retries it).
          idempotent: !opts.mutation,
        });
        const body = tryJson(res) as GqlAnswer<T> | undefined;
        const status = body?.extensions?.cost?.throttleStatus;
        if (status) this.bucket.learn(status, this.nowMs());
        const requested = body?.extensions?.cost?.requestedQueryCost;
        if (typeof requested === 'number') this.costs.set(op, requested);
        const errors = Array.isArray(body?.errors) ? body.errors : [];
        const throttled = res.status === 429 || errors.some((e) => e.extensions?.code === 'THROTTLED');
        // Refused before it ran: wait for the points and send it again (a few times at most).
        if (throttled && attempt < 6) {
          const after = Number(res.headers.get('retry-after'));
          await this.sleep(
            status ? Math.max(this.bucket.waitFor(cost, this.nowMs()), 100) : after > 0 ? after * 1000 : 1000,
          );
          continue;
        }
        if (res.status !== 200 || body === undefined) throw this.httpError(res.status, body);
        if (errors.length) throw this.graphqlError(errors, res.status);
        if (typeof body.errors === 'string') throw new ProviderError('shopify', 'rejected', body.errors);
        if (!body.data) throw new ProviderError('shopify', 'unavailable', 'the answer has no data');
        return body.data;
      }
    });
  }

  private httpError(status: number, body: GqlAnswer<unknown> | undefined): ProviderError {
    const raw = body?.errors;
    const words =
      typeof raw === 'string'
        ? raw
        : Array.isArray(raw) && raw[0]?.message
          ? raw.map((e) => e.message).join('; ')
          : `HTTP ${status}`;
    const extra = { status };
    if (status === 401 || status === 403) return new ProviderError('shopify', 'refused_credentials', words, extra);
    if (status === 404) return new ProviderError('shopify', 'not_found', words, extra);
    if (status === 429) return new ProviderError('shopify', 'rate_limited', words, extra);
    if (status === 402 || status === 423) return new ProviderError('shopify', 'rejected', words, extra);
    if (status >= 500 || body === undefined) return new ProviderError('shopify', 'unavailable', words, extra);
    return new ProviderError('shopify', 'rejected', words, extra);
  }

  private graphqlError(errors: GqlError[], status: number): ProviderError {
    const words = errors.map((e) => e.message ?? 'error').join('; ');
    const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
    const extra = { status, ...(code ? { code } : {}) };
    if (code === 'ACCESS_DENIED') return new ProviderError('shopify', 'refused_credentials', words, extra);
    if (code === 'THROTTLED') return new ProviderError('shopify', 'rate_limited', words, extra);
    if (code === 'INTERNAL_SERVER_ERROR') return new ProviderError('shopify', 'unavailable', words, extra);
    return new ProviderError('shopify', 'rejected', words, extra);
  }

  /** A mutation's `userErrors` as one refusal with Shopify's words, each field named. */
  private static userErrors(errors: UserError[] | undefined | null): void {
    if (!errors?.length) return;
    const fieldErrors: ProviderFieldError[] = errors.map((e) => ({
      path: (e.field ?? []).join('.'),
      messages: [e.message],
    }));
    const code = errors.find((e) => e.code)?.code ?? undefined;
    throw new ProviderError('shopify', 'rejected', errors.map((e) => e.message).join('; '), {
      fieldErrors,
      ...(code ? { code } : {}),
    });
  }

  /** The token is right for this shop: the shop's name and currency. */
  async checkCredentials(): Promise<{ name: string; currencyCode: string; myshopifyDomain: string }> {
    const data = await this.graphql<{ shop: { name: string; currencyCode: string; myshopifyDomain: string } }>(
      'shop',
      'query Shop { shop { name currencyCode myshopifyDomain } }',
      {},
      { estimate: 1 },
    );
    return data.shop;
  }

  /**
   * One page of the orders updated after `updatedAfter` (ISO-8601 UTC; null: all), oldest change
   * first (`sortKey: UPDATED_AT`). Shopify's filter is to the second: the caller overlaps its cursor.
   */
  async ordersUpdatedAfter(
    updatedAfter: string | null,
    after: string | null,
    first = SHOPIFY_ORDERS_PER_PAGE,
  ): Promise<ShopifyOrdersPage> {
    const data = await this.graphql<{
      orders: { nodes: GqlOrder[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    }>(
      'orders',
      ORDERS_QUERY,
      { first, after, query: updatedAfter ? `updated_at:>'${updatedAfter}'` : null },
      { estimate: 2 + first * 40 },
    );
    const orders: ShopifyOrder[] = [];
    for (const node of data.orders.nodes) {
      let lines = node.lineItems;
      // An order of many lines: the rest read by a query of its own (nothing of an order is dropped).
      while (lines.pageInfo?.hasNextPage) {
        const more = await this.graphql<{ order: { lineItems: GqlOrder['lineItems'] } | null }>(
          'orderLines',
          ORDER_LINES_QUERY,
          { id: node.id, after: lines.pageInfo.endCursor },
          { estimate: 3 + 100 * 3 },
        );
        if (!more.order) break;
        node.lineItems.nodes.push(...more.order.lineItems.nodes);
        lines = more.order.lineItems;
      }
      orders.push(this.orderOf(node));
    }
    return { orders, hasNextPage: data.orders.pageInfo.hasNextPage, endCursor: data.orders.pageInfo.endCursor };
  }

  /** One order by its legacy id or gid; null when the shop has none. */
  async order(id: string): Promise<ShopifyOrder | null> {
    const data = await this.graphql<{ order: GqlOrder | null }>(
      'order',
      ORDER_QUERY,
      { id: orderGid(id) },
      { estimate: 45 },
    );
    return data.order ? this.orderOf(data.order) : null;
  }

  private orderOf(o: GqlOrder): ShopifyOrder {
    return orderOfGql(o, this.codGateways);
  }

  /**
   * The payment method by Shopify's gateway: a cash-on-delivery gateway name (the merchant names a
   * manual method, so the list is configurable) is cash on delivery unless the shop already shows
   * the order paid (the money is in; collecting it again at the door would take it twice); a bank
   * deposit is a transfer; anything else took the money online (card).
   */
  paymentMethod(gateways: string[], financialStatus: string): ShopPaymentMethod {
    return shopifyPaymentMethod(gateways, this.codGateways, financialStatus);
  }

  /** A webhook's REST-shaped order (orders/create, orders/updated, orders/cancelled) in the same shape. */
  orderOfWebhook(p: RestOrder): ShopifyOrder {
    return orderOfRest(p, this.codGateways);
  }

  /** The shop's webhook subscriptions (to reconcile: Shopify deletes one whose deliveries kept failing). */
  async webhookSubscriptions(): Promise<{ id: string; topic: string; uri: string }[]> {
    const data = await this.graphql<{ webhookSubscriptions: { nodes: { id: string; topic: string; uri: string }[] } }>(
      'webhookSubscriptions',
      'query Hooks { webhookSubscriptions(first: 50) { nodes { id topic uri } } }',
      {},
      { estimate: 52 },
    );
    return data.webhookSubscriptions.nodes;
  }

  /** Subscribes `uri` to one topic (JSON); answers the subscription's gid. */
  async createWebhook(topic: ShopifyWebhookTopic, uri: string): Promise<string> {
    const data = await this.graphql<{
      webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: UserError[] };
    }>(
      'webhookSubscriptionCreate',
      `mutation HookCreate($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
        webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) {
          webhookSubscription { id topic uri }
          userErrors { field message }
        }
      }`,
      { topic, sub: { uri, format: 'JSON' } },
      { estimate: 10, mutation: true },
    );
    ShopifyClient.userErrors(data.webhookSubscriptionCreate.userErrors);
    const hook = data.webhookSubscriptionCreate.webhookSubscription;
    if (!hook) throw new ProviderError('shopify', 'unavailable', 'no webhook subscription in the answer');
    return hook.id;
  }

  /** Removes a subscription; one already gone is no error. */
  async deleteWebhook(id: string): Promise<void> {
    const data = await this.graphql<{
      webhookSubscriptionDelete: { deletedWebhookSubscriptionId: string | null; userErrors: UserError[] };
    }>(
      'webhookSubscriptionDelete',
      `mutation HookDelete($id: ID!) {
        webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
      }`,
      { id },
      { estimate: 10, mutation: true },
    );
    const errors = data.webhookSubscriptionDelete.userErrors;
    if (errors.length && errors.every((e) => /does not exist|not found/i.test(e.message))) return;
    ShopifyClient.userErrors(errors);
  }

  /**
   * Fulfils what remains of the order with the tracking number, company and URL (the URL always: a
   * Romanian courier is not among the companies Shopify links itself). Shopify fulfils fulfillment
   * orders, not orders: the open ones are read first and each fulfilled whole. Sent again after it
   * worked (the outbox may), it finds the fulfillment with this tracking number and does nothing.
   */
  async fulfill(orderId: string, tracking: ShopifyTracking, notifyCustomer = true): Promise<string> {
    const data = await this.graphql<{
      order: {
        fulfillments: { id: string; trackingInfo: { number: string | null }[] }[];
        fulfillmentOrders: {
          nodes: { id: string; status: string; lineItems: { nodes: { remainingQuantity: number }[] } }[];
        };
      } | null;
    }>(
      'fulfillmentOrders',
      `query FulfillmentOrders($id: ID!) {
        order(id: $id) {
          fulfillments(first: 10) { id trackingInfo(first: 5) { number } }
          fulfillmentOrders(first: 10) { nodes { id status lineItems(first: 50) { nodes { remainingQuantity } } } }
        }
      }`,
      { id: orderGid(orderId) },
      { estimate: 620 },
    );
    if (!data.order) throw new ProviderError('shopify', 'not_found', `Order ${orderId} does not exist`);
    const done = data.order.fulfillments.find((f) => f.trackingInfo.some((t) => t.number === tracking.number));
    if (done) return done.id;
    const open = data.order.fulfillmentOrders.nodes.filter(
      (f) => ['OPEN', 'IN_PROGRESS'].includes(f.status) && f.lineItems.nodes.some((l) => l.remainingQuantity > 0),
    );
    if (open.length === 0)
      throw new ProviderError('shopify', 'rejected', 'The order has nothing left to fulfil', { code: 'NOTHING_OPEN' });
    const created = await this.graphql<{
      fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: UserError[] };
    }>(
      'fulfillmentCreate',
      `mutation Fulfil($fulfillment: FulfillmentInput!) {
        fulfillmentCreate(fulfillment: $fulfillment) {
          fulfillment { id status trackingInfo(first: 5) { company number url } }
          userErrors { field message }
        }
      }`,
      {
        fulfillment: {
          lineItemsByFulfillmentOrder: open.map((f) => ({ fulfillmentOrderId: f.id })),
          trackingInfo: { number: tracking.number, company: tracking.company, url: tracking.url },
          notifyCustomer,
        },
      },
      { estimate: 10, mutation: true },
    );
    ShopifyClient.userErrors(created.fulfillmentCreate.userErrors);
    const f = created.fulfillmentCreate.fulfillment;
    if (!f) throw new ProviderError('shopify', 'unavailable', 'no fulfillment in the answer');
    return f.id;
  }

  /**
   * Cancels the order in the shop: refunded to the buyer's payment when paid, not restocked (the
   * console's stock is the truth and is pushed by SKU). An order already cancelled is no error.
   */
  async cancelOrder(orderId: string, opts: { notifyCustomer?: boolean; staffNote?: string } = {}): Promise<void> {
    const data = await this.graphql<{
      orderCancel: { job: { id: string } | null; orderCancelUserErrors: UserError[] };
    }>(
      'orderCancel',
      `mutation Cancel($orderId: ID!, $notifyCustomer: Boolean, $staffNote: String) {
        orderCancel(orderId: $orderId, reason: OTHER, refund: true, restock: false,
                    notifyCustomer: $notifyCustomer, staffNote: $staffNote) {
          job { id done }
          orderCancelUserErrors { field message code }
        }
      }`,
      { orderId: orderGid(orderId), notifyCustomer: opts.notifyCustomer ?? true, staffNote: opts.staffNote ?? null },
      { estimate: 10, mutation: true },
    );
    const errors = data.orderCancel.orderCancelUserErrors;
    if (!errors.length) return;
    if (errors.some((e) => e.code === 'NOT_FOUND'))
      throw new ProviderError('shopify', 'not_found', errors.map((e) => e.message).join('; '), { code: 'NOT_FOUND' });
    // Whatever Shopify calls "already cancelled", the order tells: sent twice is done once.
    const order = await this.order(orderId);
    if (order?.cancelled) return;
    ShopifyClient.userErrors(errors);
  }

  /**
   * Sets the available quantity of the variant with this SKU at its location (the one given, else
   * the first where the item is stocked). A SKU the shop does not have is `not_found` (code
   * SKU_NOT_FOUND), reported once by the caller, not retried. The quantity is absolute (the console's
   * stock is the truth), so the compare-and-set is opted out of (`changeFromQuantity: null`).
   */
  async setInventoryBySku(sku: string, quantity: number, locationId?: string): Promise<void> {
    const target = await this.inventoryTarget(sku, locationId);
    if (!target)
      throw new ProviderError('shopify', 'not_found', `No product variant with SKU ${sku}`, { code: 'SKU_NOT_FOUND' });
    await this.setInventory(target, quantity);
  }

  /**
   * Where the stock of a SKU is set: the inventory item of the variant whose SKU is exactly it, at
   * the location given or the first it is stocked at; null when no variant has it (found once,
   * reported once by the caller).
   */
  async inventoryTarget(sku: string, locationId?: string): Promise<ShopifyInventoryTarget | null> {
    const data = await this.graphql<{
      productVariants: {
        nodes: {
          sku: string | null;
          inventoryItem: { id: string; inventoryLevels: { nodes: { location: { id: string } }[] } };
        }[];
      };
    }>(
      'variantBySku',
      `query VariantBySku($q: String!) {
        productVariants(first: 5, query: $q) {
          nodes { id sku inventoryItem { id inventoryLevels(first: 5) { nodes { location { id } } } } }
        }
      }`,
      { q: `sku:'${sku.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` },
      { estimate: 50 },
    );
    // Shopify's search is loose (tokens, prefixes): only the exact SKU counts.
    const variant = data.productVariants.nodes.find((v) => v.sku === sku);
    if (!variant) return null;
    const location = locationId ?? variant.inventoryItem.inventoryLevels.nodes[0]?.location.id;
    if (!location)
      throw new ProviderError('shopify', 'rejected', `The variant with SKU ${sku} is not stocked at any location`, {
        code: 'NOT_STOCKED',
      });
    return { sku, inventoryItemId: variant.inventoryItem.id, locationId: location };
  }

  /** Sets the available quantity at a target `inventoryTarget` found (absolute: no compare-and-set). */
  async setInventory(target: ShopifyInventoryTarget, quantity: number): Promise<void> {
    const set = await this.graphql<{ inventorySetQuantities: { userErrors: UserError[] } }>(
      'inventorySetQuantities',
      `mutation SetStock($input: InventorySetQuantitiesInput!) {
        inventorySetQuantities(input: $input) {
          inventoryAdjustmentGroup { changes { name delta quantityAfterChange } }
          userErrors { code field message }
        }
      }`,
      {
        input: {
          name: 'available',
          reason: 'correction',
          quantities: [
            {
              inventoryItemId: target.inventoryItemId,
              locationId: target.locationId,
              quantity,
              changeFromQuantity: null,
            },
          ],
        },
      },
      { estimate: 10, mutation: true },
    );
    ShopifyClient.userErrors(set.inventorySetQuantities.userErrors);
  }
}

/**
 * A webhook is Shopify's when `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw body (the
 * bytes as received, before any parsing) keyed with the app's client secret, compared in constant time.
 */
export function verifyShopifyWebhook(
  rawBody: Buffer | string,
  hmacHeader: string | undefined,
  apiSecret: string,
): boolean {
  if (!hmacHeader || !apiSecret) return false;
  const expected = crypto.createHmac('sha256', apiSecret).update(rawBody).digest();
  let given: Buffer;
  try {
    given = Buffer.from(hmacHeader.trim(), 'base64');
  } catch {
    return false;
  }
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The shop's host from what the seller typed (`magazin.myshopify.com`, with or without `https://` or a path). */
export const shopifyHost = (shopDomain: string): string => {
  const text = shopDomain.trim();
  return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`).host.toLowerCase();
};
