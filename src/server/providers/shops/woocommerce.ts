import { ProviderError, ProviderHttp, Throttle, tryJson, type ProviderResponse } from '../http.js';
import type { ClientDeps } from '../shared.js';
import { tokenKey } from '../shared.js';

/**
 * WooCommerce REST API v3 client (`https://{shop}/wp-json/wc/v3/`), as WooCommerce documents it and
 * its core code answers: HTTP Basic with the consumer key and secret, orders read by modification
 * time in pages of at most 100 (`X-WP-Total`, `X-WP-TotalPages`), order notes and status, stock by
 * SKU (a variation's SKU is not found by `/products?sku=`: the variable products' variations are
 * asked next), webhooks created and deleted. Errors are `{code, message, data.status}`; a host's page
 * of HTML instead of JSON (maintenance, a security plugin) is the shop unavailable.
 *
 * Calls to one shop are spaced (`WOO_REQUESTS_PER_SECOND`): core has no limit but the hosts and
 * their firewalls throttle, and a read retried on 429 would only add to it.
 */

export interface WooCredentials {
  store_url: string;
  consumer_key: string;
  consumer_secret: string;
}

/** The fields of an order the console reads (the emulator's record type has them all). */
export interface WooOrder {
  id: number;
  number: string;
  status: string;
  currency: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  payment_method: string;
  payment_method_title: string;
  total: string;
  shipping_total: string;
  shipping_tax: string;
  customer_note: string;
  billing: WooAddressFields & { email?: string };
  shipping: WooAddressFields;
  line_items: { sku: string; name: string; quantity: number; total: string; total_tax: string; price: number }[];
}

export interface WooAddressFields {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
}

export interface WooOrdersPage {
  orders: WooOrder[];
  total: number;
  totalPages: number;
}

/** Where a SKU's stock is written: a simple product, or a variation of its parent. */
export interface WooStockTarget {
  productId: number;
  variationId: number | null;
}

/** Starts per second to one shop: under the 10 a second many hosts allow (and the emulator holds to). */
export const WOO_REQUESTS_PER_SECOND = 8;
const throttles = new Map<string, Throttle>();

export class WooCommerceClient {
  private readonly http: ProviderHttp;
  private readonly throttle: Throttle;
  private readonly auth: string;

  /** `baseUrl`: the shop's API root (`https://shop/wp-json/wc/v3`, or the emulator's shop). */
  constructor(credentials: WooCredentials, deps: ClientDeps, opts: { perSecond?: number } = {}) {
    this.http = new ProviderHttp('woocommerce', deps.baseUrl, deps.http);
    this.auth = `Basic ${Buffer.from(`${credentials.consumer_key}:${credentials.consumer_secret}`).toString('base64')}`;
    const key = tokenKey(deps.baseUrl);
    let throttle = throttles.get(key);
    if (!throttle) throttles.set(key, (throttle = new Throttle(opts.perSecond ?? WOO_REQUESTS_PER_SECOND)));
    this.throttle = throttle;
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts: { query?: Record<string, string | number | boolean | undefined>; body?: unknown } = {},
  ): Promise<{ data: T; res: ProviderResponse }> {
    const res = await this.throttle.run(() =>
      this.http.send({
        method,
        path,
        query: opts.query,
        headers: {
          authorization: this.auth,
          accept: 'application/json',
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        // Reads are safe to send again; so are these writes (a status, a stock quantity, a note the
        // outbox sends once more at worst), but the outbox retries them itself, with backoff.
        idempotent: method === 'GET',
      }),
    );
    const body = tryJson(res) as { code?: string; message?: string; data?: { status?: number } } | undefined;
    if (res.status >= 200 && res.status < 300) {
      if (body === undefined && res.status !== 204)
        throw new ProviderError(
          'woocommerce',
          'unavailable',
          `the shop answered a page, not its API (HTTP ${res.status})`,
          {
            status: res.status,
          },
        );
      return { data: body as T, res };
    }
    const words = typeof body?.message === 'string' ? stripTags(body.message) : `HTTP ${res.status}`;
    const code = typeof body?.code === 'string' ? body.code : undefined;
    const extra = { status: res.status, code };
    if (res.status === 401 || res.status === 403)
      throw new ProviderError('woocommerce', 'refused_credentials', words, extra);
    if (res.status === 404) throw new ProviderError('woocommerce', 'not_found', words, extra);
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new ProviderError('woocommerce', 'rate_limited', words, {
        ...extra,
        ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      });
    }
    if (res.status >= 500 || body === undefined) throw new ProviderError('woocommerce', 'unavailable', words, extra);
    throw new ProviderError('woocommerce', 'rejected', words, extra);
  }

  /** The keys are right and may read orders: one order asked for. */
  async checkCredentials(): Promise<void> {
    await this.call('GET', 'orders', { query: { per_page: 1 } });
  }

  /** One page of the orders modified after `modifiedAfter` (UTC, WooCommerce's form), oldest change first. */
  async ordersModifiedAfter(modifiedAfter: string | null, page: number, perPage = 100): Promise<WooOrdersPage> {
    const { data, res } = await this.call<WooOrder[]>('GET', 'orders', {
      query: {
        ...(modifiedAfter ? { modified_after: modifiedAfter, dates_are_gmt: true } : {}),
        orderby: 'modified',
        order: 'asc',
        per_page: perPage,
        page,
      },
    });
    if (!Array.isArray(data)) throw new ProviderError('woocommerce', 'unavailable', 'the order list is not a list');
    return {
      orders: data,
      total: Number(res.headers.get('x-wp-total') ?? data.length),
      totalPages: Number(res.headers.get('x-wp-totalpages') ?? 1),
    };
  }

  async order(id: number | string): Promise<WooOrder> {
    return (await this.call<WooOrder>('GET', `orders/${id}`)).data;
  }

  /** A note on the order; `customerNote` makes it the buyer's (shown in the account and e-mailed). */
  async addOrderNote(id: number | string, note: string, customerNote: boolean): Promise<void> {
    await this.call('POST', `orders/${id}/notes`, { body: { note, customer_note: customerNote } });
  }

  async setOrderStatus(id: number | string, status: 'completed' | 'cancelled'): Promise<void> {
    await this.call('PUT', `orders/${id}`, { body: { status } });
  }

  /** The product or variation with this SKU, or null: parents first, then each variable product's variations. */
  async stockTarget(sku: string): Promise<WooStockTarget | null> {
    const { data } = await this.call<{ id: number }[]>('GET', 'products', { query: { sku, per_page: 1 } });
    if (data[0]) return { productId: data[0].id, variationId: null };
    for (let page = 1; page <= 20; page++) {
      const { data: parents, res } = await this.call<{ id: number }[]>('GET', 'products', {
        query: { type: 'variable', per_page: 100, page },
      });
      for (const parent of parents) {
        const { data: vars } = await this.call<{ id: number }[]>('GET', `products/${parent.id}/variations`, {
          query: { sku, per_page: 1 },
        });
        if (vars[0]) return { productId: parent.id, variationId: vars[0].id };
      }
      if (page >= Number(res.headers.get('x-wp-totalpages') ?? 1)) break;
    }
    return null;
  }

  async setStock(target: WooStockTarget, quantity: number): Promise<void> {
    const path = target.variationId
      ? `products/${target.productId}/variations/${target.variationId}`
      : `products/${target.productId}`;
    await this.call('PUT', path, { body: { manage_stock: true, stock_quantity: quantity } });
  }

  /** Registers a webhook (active: WooCommerce pings it at once); answers its id. */
  async createWebhook(hook: { name: string; topic: string; delivery_url: string; secret: string }): Promise<number> {
    const { data } = await this.call<{ id: number }>('POST', 'webhooks', { body: { ...hook, status: 'active' } });
    return data.id;
  }

  /** The shop's webhooks (their status: WooCommerce disables one past 5 failed deliveries in a row). */
  async webhooks(): Promise<{ id: number; topic: string; delivery_url: string; status: string }[]> {
    const { data } = await this.call<{ id: number; topic: string; delivery_url: string; status: string }[]>(
      'GET',
      'webhooks',
      { query: { per_page: 100 } },
    );
    return data;
  }

  /** Makes a paused or disabled webhook deliver again. */
  async activateWebhook(id: number): Promise<void> {
    await this.call('PUT', `webhooks/${id}`, { body: { status: 'active' } });
  }

  /** Removes a webhook; one already gone is no error. */
  async deleteWebhook(id: number): Promise<void> {
    try {
      await this.call('DELETE', `webhooks/${id}`, { query: { force: true } });
    } catch (e) {
      if (!(e instanceof ProviderError && e.kind === 'not_found')) throw e;
    }
  }
}

/** WooCommerce's messages may carry HTML (a critical error's `<p>`): the words alone. */
const stripTags = (text: string) => text.replace(/<[^>]*>/g, '').trim() || text;
