import type { PaymentMethod } from '../../../core/api/orders.js';
import { ProviderError, ProviderHttp, Throttle, tryJson } from '../http.js';
import type { ClientDeps } from '../shared.js';
import { tokenKey } from '../shared.js';
import { fromBucharest, toBucharest } from '../../lib/bucharestTime.js';

/**
 * eMAG Marketplace API v4 client (`https://marketplace-api.emag.ro/api-3/{resource}/{action}`), as
 * eMAG documents it (API v4.x documentation; docs/shop-connectors.md, "eMAG"):
 *
 * - Auth: HTTP Basic of `username:password` of a seller user with API rights (base64, v4's "improved
 *   AUTH"); eMAG also checks the caller's IP against the seller's allow-list and refuses an unlisted
 *   IP the same way as a wrong password.
 * - Every call is a `POST` of JSON. Reads and counts take their filters at the top level (filters
 *   wrapped in `data` are silently ignored and everything comes back); saves wrap their payload in
 *   `{"data": [...]}`. This client has one method per call, so the two forms cannot be mixed up.
 * - The answer is `{isError, messages, results}`, usually with HTTP 200 whatever happened: the truth
 *   is `isError`, and `messages` (strings or `{message}` / `{field, message}` objects) are eMAG's
 *   words. A refusal in a 200 is a `rejected` provider error carrying them.
 * - Limits, per seller account: 12 requests a second on the order routes, 3 a second on all the
 *   others together, invalid requests counted too. The client spaces its calls per account under
 *   both (it waits; it is never refused), so a 429 only comes when another program shares the account.
 */

export interface EmagCredentials {
  username: string;
  password: string;
}

/** eMAG's order statuses (v4 "order status" list). */
export const EMAG_STATUS = {
  cancelled: 0,
  new: 1,
  inProgress: 2,
  prepared: 3,
  finalized: 4,
  returned: 5,
} as const;
export type EmagStatus = (typeof EMAG_STATUS)[keyof typeof EMAG_STATUS];

/** eMAG's payment modes: 1 cash on delivery (ramburs), 2 bank transfer, 3 card online. */
export const EMAG_PAYMENT_MODES: Record<number, PaymentMethod> = {
  1: 'cash_on_delivery',
  2: 'bank_transfer',
  3: 'card',
};

/** One part of a voucher on a line or on the shipping: net value and its VAT, both negative. */
export interface EmagVoucherSplit {
  voucher_id?: number;
  value: number | string;
  vat_value: number | string;
  vat?: number | string;
}

export interface EmagRecycleWarranty {
  quantity: number;
  /** Without VAT, per container. */
  sale_price: number | string;
  vat_rate?: number | string;
  recycle_warranty_voucher_split?: EmagVoucherSplit[];
}

export interface EmagOrderProduct {
  id: number;
  /** The seller's own offer id (sent when the offer was published). */
  product_id: number;
  part_number: string;
  ext_part_number?: string;
  part_number_key?: string;
  name: string;
  /** 1 on the order, 0 removed. */
  status: number;
  quantity: number;
  /** A unit's price WITHOUT VAT. */
  sale_price: number | string;
  /** The line's VAT rate as a fraction ("0.2100"). */
  vat?: number | string;
  currency?: string;
  product_voucher_split?: EmagVoucherSplit[];
  recycle_warranties?: EmagRecycleWarranty[];
}

export interface EmagOrderVoucher {
  voucher_id: number;
  voucher_name: string;
  /** Net, negative. */
  sale_price: number | string;
  /** Its VAT, negative. */
  sale_price_vat: number | string;
  vat?: number | string;
}

export interface EmagCustomer {
  id: number;
  name: string;
  /** A hash of the buyer's address, never an address: nothing may be sent to it. */
  email: string;
  company?: string;
  code?: string;
  legal_entity?: number;
  phone_1?: string;
  phone_2?: string;
  billing_name?: string;
  billing_phone?: string;
  billing_country?: string;
  billing_suburb?: string;
  billing_city?: string;
  billing_street?: string;
  billing_postal_code?: string;
  shipping_country?: string;
  /** The county (județ). */
  shipping_suburb?: string;
  shipping_city?: string;
  shipping_locality_id?: number | string;
  shipping_street?: string;
  shipping_postal_code?: string;
  shipping_contact?: string;
  shipping_phone?: string;
}

/** The fields of an eMAG order the console reads (the emulator's record has them all). */
export interface EmagOrder {
  id: number;
  status: number;
  type: number;
  is_complete: number;
  date: string;
  modified: string;
  payment_mode_id: number;
  detailed_payment_method?: string;
  payment_status: number;
  delivery_mode: string;
  /** Shipping charged to the buyer, VAT included (unlike the products' prices). */
  shipping_tax: number | string;
  shipping_tax_voucher_split?: EmagVoucherSplit[];
  observation?: string | null;
  customer: EmagCustomer;
  products: EmagOrderProduct[];
  vouchers: EmagOrderVoucher[];
  attachments?: unknown[];
  [field: string]: unknown;
}

/** A shop's order in plain terms: money in lei as decimal strings with two decimals, VAT included. */
export interface ShopOrder {
  external_id: string;
  status: number;
  created_at: string;
  modified_at: string;
  payment_method: PaymentMethod;
  /** Already paid at eMAG (card): never a cash-on-delivery AWB. */
  paid: boolean;
  customer: {
    name: string;
    phone: string;
    company: string | null;
    /** eMAG sends only a hash of the e-mail address: there is no address to keep. */
    email: null;
    email_hash: string | null;
  };
  shipping_address: {
    contact: string;
    phone: string;
    /** Street, number and details as the buyer typed them on one line. */
    address: string;
    city: string;
    county: string;
    postal_code: string;
    country: string;
    /** The address as one text: street, city, county, postal code. */
    text: string;
  };
  lines: ShopOrderLine[];
  /** Deposits (SGR) of the returnable containers, part of what the buyer pays. */
  deposits: { name: string; quantity: number; unit_price: string; total: string }[];
  /** Shipping with VAT, after its own vouchers. */
  shipping: string;
  vouchers: { name: string; amount: string }[];
  /** The vouchers' total (positive), taken once off the order. */
  discount: string;
  /** What the buyer pays (the cash-on-delivery amount when not paid). */
  total: string;
}

export interface ShopOrderLine {
  sku: string;
  name: string;
  quantity: number;
  /** A unit's price with VAT, before vouchers. */
  unit_price: string;
  vat_rate: string;
  /** The vouchers that fell on this line, with VAT (positive); already counted in the order's discount. */
  discount: string;
  /** quantity × unit price, before vouchers. */
  total: string;
  offer_id: number;
}

export interface EmagOrdersPage {
  orders: EmagOrder[];
  /** A page shorter than asked for is the last one (eMAG gives no page count on reads). */
  last: boolean;
}

/** eMAG's own answer envelope. */
interface EmagEnvelope<T> {
  isError?: boolean;
  messages?: unknown[];
  results?: T;
}

/**
 * The path of one emulated seller's API under the eMAG emulator's mount: every emulated seller logs
 * in with the demo login, so the path tells their accounts apart (eMAG itself tells them by login).
 */
export const emagAccountPath = (account: string): string => `/accounts/${encodeURIComponent(account)}/api-3`;

/**
 * The reason given when the seller cancels an order here: 24, "at the customer's request" (the
 * usual case of a seller's cancel; eMAG's full list of codes is not in the material at hand).
 */
export const EMAG_SELLER_CANCEL_REASON = 24;

/** Requests a second to one account, as eMAG allows them. */
export const EMAG_ORDER_REQUESTS_PER_SECOND = 12;
export const EMAG_OTHER_REQUESTS_PER_SECOND = 3;
/** eMAG's limit of a read's page. */
export const EMAG_PAGE_SIZE = 100;

const throttles = new Map<string, { orders: Throttle; other: Throttle }>();

/** eMAG's dates: `YYYY-MM-DD HH:MM:SS` in Romanian time (no `T`, no zone). */
export const emagDate = (unixSeconds: number): string => toBucharest(unixSeconds);

/** An eMAG date (Romanian time) → Unix seconds; NaN for a text not in eMAG's form. */
export function parseEmagDate(text: string): number {
  const t = text.trim();
  return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/.test(t) ? (fromBucharest(t) ?? Number.NaN) : Number.NaN;
}

/** eMAG's messages as one text: strings, `{message}` or `{field, message}` objects. */
export function emagMessages(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  return messages
    .map((m) => {
      if (typeof m === 'string') return m;
      if (m && typeof m === 'object') {
        const o = m as { field?: unknown; message?: unknown };
        const text = typeof o.message === 'string' ? o.message : JSON.stringify(m);
        return typeof o.field === 'string' && o.field ? `${o.field}: ${text}` : text;
      }
      return String(m);
    })
    .filter(Boolean)
    .join('; ');
}

export class EmagClient {
  private readonly http: ProviderHttp;
  private readonly limits: { orders: Throttle; other: Throttle };
  private readonly auth: string;

  /** `deps.baseUrl`: the API root (`https://marketplace-api.emag.ro/api-3`, or the emulator's). */
  constructor(
    credentials: EmagCredentials,
    deps: ClientDeps,
    opts: { ordersPerSecond?: number; otherPerSecond?: number } = {},
  ) {
    this.http = new ProviderHttp('emag', deps.baseUrl, deps.http);
    this.auth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    // eMAG counts per seller account (its user), across every program using it: one limiter per account.
    const key = tokenKey(deps.baseUrl, credentials.username);
    let limits = throttles.get(key);
    if (!limits)
      throttles.set(
        key,
        (limits = {
          orders: new Throttle(opts.ordersPerSecond ?? EMAG_ORDER_REQUESTS_PER_SECOND),
          other: new Throttle(opts.otherPerSecond ?? EMAG_OTHER_REQUESTS_PER_SECOND),
        }),
      );
    this.limits = limits;
  }

  /**
   * One call: `POST {base}/{path}` with `body` as JSON; answers `results`. `read` marks a call safe
   * to send again (reads, counts); every save is sent once (the outbox retries it with backoff).
   */
  private async call<T>(path: string, body: unknown, read: boolean): Promise<T> {
    // The order routes have their own budget; every other route shares one.
    const limiter = path.split('/')[0] === 'order' ? this.limits.orders : this.limits.other;
    const res = await this.http.send({
      method: 'POST',
      path,
      headers: { authorization: this.auth, accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      idempotent: read,
      pace: (attempt) => limiter.run(attempt),
    });
    const envelope = tryJson(res) as EmagEnvelope<T> | undefined;
    const words = emagMessages(envelope?.messages) || `HTTP ${res.status}`;
    const extra = { status: res.status };
    if (res.status === 401 || res.status === 403) throw new ProviderError('emag', 'refused_credentials', words, extra);
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new ProviderError('emag', 'rate_limited', words, {
        ...extra,
        ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      });
    }
    if (res.status === 404) throw new ProviderError('emag', 'not_found', words, extra);
    if (res.status >= 500 || envelope === undefined || typeof envelope !== 'object')
      throw new ProviderError(
        'emag',
        'unavailable',
        envelope === undefined ? `unreadable answer (HTTP ${res.status})` : words,
        extra,
      );
    if (res.status >= 400 || envelope.isError === true) throw new ProviderError('emag', 'rejected', words, extra);
    return envelope.results as T;
  }

  /** The login is right and may read orders: one order counted. */
  async checkCredentials(): Promise<void> {
    await this.call('order/count', { itemsPerPage: 1 }, true);
  }

  /**
   * One page (1-based) of the seller-fulfilled orders modified after `modifiedAfter` (Unix seconds;
   * null: all), 100 a page: filters at the top level, eMAG's date form.
   */
  async ordersModifiedAfter(
    modifiedAfter: number | null,
    page: number,
    perPage = EMAG_PAGE_SIZE,
  ): Promise<EmagOrdersPage> {
    const size = Math.min(perPage, EMAG_PAGE_SIZE);
    const results = await this.call<EmagOrder[]>(
      'order/read',
      {
        ...(modifiedAfter === null ? {} : { modifiedAfter: emagDate(modifiedAfter) }),
        currentPage: page,
        itemsPerPage: size,
      },
      true,
    );
    if (!Array.isArray(results)) throw new ProviderError('emag', 'unavailable', 'the order list is not a list');
    return { orders: results, last: results.length < size };
  }

  /**
   * The first page of the seller-fulfilled orders still new (status 1), oldest change first. Each one
   * acknowledged leaves the list, so reading the first page again brings the next ones: the paging
   * of a list that shrinks as it is read.
   */
  async newOrders(perPage = EMAG_PAGE_SIZE): Promise<EmagOrdersPage> {
    const size = Math.min(perPage, EMAG_PAGE_SIZE);
    const results = await this.call<EmagOrder[]>(
      'order/read',
      { status: EMAG_STATUS.new, currentPage: 1, itemsPerPage: size },
      true,
    );
    if (!Array.isArray(results)) throw new ProviderError('emag', 'unavailable', 'the order list is not a list');
    return { orders: results, last: results.length < size };
  }

  /** How many orders were modified after `modifiedAfter` (eMAG's `noOfItems`). */
  async countOrdersModifiedAfter(modifiedAfter: number | null): Promise<number> {
    const results = await this.call<unknown>(
      'order/count',
      modifiedAfter === null ? {} : { modifiedAfter: emagDate(modifiedAfter) },
      true,
    );
    const n =
      results && typeof results === 'object' ? Number((results as { noOfItems?: unknown }).noOfItems) : Number(results);
    if (!Number.isFinite(n)) throw new ProviderError('emag', 'unavailable', 'the count is not a number');
    return n;
  }

  /** One order as eMAG holds it, or null. */
  async order(id: number): Promise<EmagOrder | null> {
    const results = await this.call<EmagOrder[]>('order/read', { id }, true);
    return Array.isArray(results) ? (results.find((o) => o.id === id) ?? null) : null;
  }

  /**
   * Acknowledges a new order (1 → 2: eMAG stops re-announcing it). Call it only once the order is
   * stored here. An order already past "new" is refused by eMAG ("Order is already in progress"):
   * that is what was wanted, so the order is read and `false` answered instead of an error.
   */
  async acknowledge(id: number): Promise<boolean> {
    try {
      await this.call(`order/acknowledge/${id}`, undefined, false);
      return true;
    } catch (e) {
      if (!(e instanceof ProviderError && e.kind === 'rejected')) throw e;
      const now = await this.order(id);
      if (now && now.status !== EMAG_STATUS.new) return false;
      throw e;
    }
  }

  /**
   * Moves an order to prepared (3) or finalized (4). eMAG's `order/save` takes the whole order as
   * read (a missing field is a removed one), so it is read first and saved with its new status.
   */
  async setStatus(
    id: number,
    status: typeof EMAG_STATUS.inProgress | typeof EMAG_STATUS.prepared | typeof EMAG_STATUS.finalized,
  ): Promise<void> {
    const current = await this.order(id);
    if (!current) throw new ProviderError('emag', 'not_found', `order ${id} not found`);
    if (current.status === status) return;
    await this.call('order/save', { data: [{ ...current, status }] }, false);
  }

  /**
   * Cancels the order as the seller (`order/save` with status 0 and eMAG's `reason_cancellation`,
   * the whole order as read). An order already cancelled is left; a finalized or returned one is
   * eMAG's refusal.
   */
  async cancel(id: number, reason = EMAG_SELLER_CANCEL_REASON): Promise<void> {
    const current = await this.order(id);
    if (!current) throw new ProviderError('emag', 'not_found', `order ${id} not found`);
    if (current.status === EMAG_STATUS.cancelled) return;
    await this.call('order/save', { data: [{ ...current, status: 0, reason_cancellation: reason }] }, false);
  }

  /**
   * Attaches a document to the order, shown to the buyer: `url` must be a public `.pdf` link eMAG
   * downloads itself; `name` at most 60 characters. Types: 1 invoice, 10 AWB.
   */
  async attachDocument(doc: {
    orderId: number;
    orderType?: number;
    name: string;
    url: string;
    type: 1 | 10;
  }): Promise<void> {
    await this.call(
      'order/attachments/save',
      {
        data: [
          {
            order_id: doc.orderId,
            order_type: doc.orderType ?? 3,
            name: doc.name.slice(0, 60),
            url: doc.url,
            type: doc.type,
          },
        ],
      },
      false,
    );
  }

  /** The invoice as a public PDF link on the order (attachment type 1). */
  attachInvoice(orderId: number, invoice: { number: string; url: string }, orderType = 3): Promise<void> {
    return this.attachDocument({ orderId, orderType, name: `Factura ${invoice.number}`, url: invoice.url, type: 1 });
  }

  /**
   * A storno (the document reversing an invoice) as the invoice is attached: eMAG's attachment types
   * name no storno (1 invoice, 3 warranty, 4 and 8 manuals, 10 AWB, 11 proforma) and a storno is a
   * fiscal document of the invoice's series, so type 1, named for the buyer "Storno FCT 0043".
   */
  attachStorno(orderId: number, storno: { number: string; url: string }, orderType = 3): Promise<void> {
    return this.attachDocument({ orderId, orderType, name: `Storno ${storno.number}`, url: storno.url, type: 1 });
  }

  /**
   * The AWB of the seller's own courier. eMAG's order has no AWB or tracking field (`order/save`
   * takes none) and `awb/save` issues AWBs only on eMAG's courier contracts, so the AWB reaches the
   * order as a document of type 10 (AWB): a public PDF link naming the courier and the number.
   */
  attachOwnCourierAwb(
    orderId: number,
    awb: { courier: string; number: string; url: string },
    orderType = 3,
  ): Promise<void> {
    return this.attachDocument({
      orderId,
      orderType,
      name: `AWB ${awb.courier} ${awb.number}`,
      url: awb.url,
      type: 10,
    });
  }

  /**
   * The offer's stock (`offer/save`, the light offer API: it cannot create an offer nor touch its
   * documentation). `offerId` is the seller's own offer id (`products[].product_id` on orders);
   * warehouse 1 when the seller has one; eMAG takes 0-65535.
   */
  async setStock(offerId: number, quantity: number): Promise<void> {
    const value = Math.max(0, Math.min(65_535, Math.trunc(quantity)));
    await this.call('offer/save', { data: [{ id: offerId, stock: [{ warehouse_id: 1, value }] }] }, false);
  }

  /** The seller's offer id of a part number (its SKU), or null (`product_offer/read`, filters at the top level). */
  async offerIdOf(partNumber: string): Promise<number | null> {
    const results = await this.call<{ id: number; part_number?: string }[]>(
      'product_offer/read',
      { part_number: partNumber, currentPage: 1, itemsPerPage: 1 },
      true,
    );
    return Array.isArray(results) && results[0] ? results[0].id : null;
  }
}

// ---- Money: eMAG's decimals (up to 4 places) computed exactly, rounded once to bani. ----

const SCALE = 10_000n;

/** A decimal (number or string, up to 4 places; more are rounded) → ten-thousandths. */
function units(v: number | string | undefined | null): bigint {
  if (v === undefined || v === null || v === '') return 0n;
  const text = typeof v === 'number' ? v.toFixed(6) : String(v).trim().replace(',', '.');
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new ProviderError('emag', 'unavailable', `not an amount: ${String(v)}`);
  const frac = (m[3] ?? '').padEnd(6, '0').slice(0, 6);
  const micro = BigInt(m[2] || '0') * 1_000_000n + BigInt(frac);
  const rounded = (micro + 50n) / 100n;
  return m[1] === '-' ? -rounded : rounded;
}

/** a / b rounded half away from zero. */
function divRound(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const q = ((a < 0n ? -a : a) * 2n + (b < 0n ? -b : b)) / ((b < 0n ? -b : b) * 2n);
  return neg ? -q : q;
}

/** Bani → "12.34". */
export function lei(bani: bigint | number): string {
  const b = BigInt(bani);
  const abs = b < 0n ? -b : b;
  return `${b < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A VAT rate as eMAG writes it ("0.2100", 0.21, or 21 as a percentage) → ten-thousandths of one. */
function rateUnits(v: number | string | undefined | null, fallback: bigint): bigint {
  if (v === undefined || v === null || v === '') return fallback;
  const r = units(v);
  return r > SCALE ? r / 100n : r;
}

/** Net ten-thousandths × (1 + rate) → bani. */
const grossBani = (net: bigint, rate: bigint): bigint => divRound(net * (SCALE + rate), SCALE * 100n);

/** Ten-thousandths → bani. */
const toBani = (u: bigint): bigint => divRound(u, 100n);

/**
 * An eMAG order in plain terms (ShopOrder). eMAG's traps, and what is done with them:
 * - Product prices are WITHOUT VAT (`sale_price`, up to 4 decimals) beside the line's rate (`vat`,
 *   "0.2100"; `defaultVatRate` — the seller's rate, 21 % — when a line has none): a unit's price with
 *   VAT is net × (1 + rate), rounded once to the ban; the line is the exact net × quantity × (1 +
 *   rate), rounded once. Removed lines (`status` 0) are left out.
 * - Shipping (`shipping_tax`) is already WITH VAT; its own vouchers (`shipping_tax_voucher_split`)
 *   are taken off it.
 * - Vouchers: `vouchers[]` at the order level are the vouchers' totals (net + VAT, negative);
 *   `product_voucher_split[]` says how much of them fell on each line (shown on the line, never
 *   taken a second time). An order with splits but no order-level vouchers takes the splits.
 * - Deposits (`recycle_warranties[]`, SGR: 0.50 lei a container) are their own lines with their own
 *   VAT rate, paid by the buyer (and part of a cash-on-delivery amount).
 * - The SKU is the line's `part_number`: the seller's own product code, sent when the offer was
 *   published (eMAG strips spaces, commas and semicolons from it); `ext_part_number` only when it is
 *   empty. `part_number_key` is eMAG's own product key, never the seller's SKU.
 * - `customer.email` is a hash eMAG makes, not an address: it is kept as a hash only.
 * - Payment: `payment_mode_id` 1 is cash on delivery, 2 a bank transfer, 3 a card (paid online, so
 *   never a cash-on-delivery AWB); `paid` also says when eMAG has the money (`payment_status` 1).
 */
export function toShopOrder(order: EmagOrder, defaultVatRate = 0.21): ShopOrder {
  const fallbackRate = units(defaultVatRate);
  let linesBani = 0n;
  let splitsBani = 0n;
  const depositLines: ShopOrder['deposits'] = [];
  let depositsBani = 0n;
  const lines: ShopOrderLine[] = [];
  for (const p of order.products ?? []) {
    if (Number(p.status) === 0) continue;
    const rate = rateUnits(p.vat, fallbackRate);
    const net = units(p.sale_price);
    const qty = BigInt(Math.trunc(Number(p.quantity)));
    const total = grossBani(net * qty, rate);
    linesBani += total;
    const split = (p.product_voucher_split ?? []).reduce((s, v) => s + units(v.value) + units(v.vat_value), 0n);
    splitsBani += split;
    lines.push({
      sku: (p.part_number || p.ext_part_number || '').trim(),
      name: p.name,
      quantity: Number(qty),
      unit_price: lei(grossBani(net, rate)),
      vat_rate: (Number(rate) / Number(SCALE)).toFixed(2),
      discount: lei(-toBani(split)),
      total: lei(total),
      offer_id: p.product_id,
    });
    for (const d of p.recycle_warranties ?? []) {
      const dRate = rateUnits(d.vat_rate, 0n);
      const dNet = units(d.sale_price);
      const dQty = BigInt(Math.trunc(Number(d.quantity)));
      const dTotal = grossBani(dNet * dQty, dRate);
      depositsBani += dTotal;
      depositLines.push({
        name: `Garanție SGR: ${p.name}`,
        quantity: Number(dQty),
        unit_price: lei(grossBani(dNet, dRate)),
        total: lei(dTotal),
      });
    }
  }
  const shippingSplit = (order.shipping_tax_voucher_split ?? []).reduce(
    (s, v) => s + units(v.value) + units(v.vat_value),
    0n,
  );
  const shipping = toBani(units(order.shipping_tax) + shippingSplit);
  const vouchers = (order.vouchers ?? []).map((v) => ({
    name: v.voucher_name,
    amount: lei(-toBani(units(v.sale_price) + units(v.sale_price_vat))),
  }));
  const voucherBani =
    (order.vouchers ?? []).length > 0
      ? (order.vouchers ?? []).reduce((s, v) => s + toBani(units(v.sale_price) + units(v.sale_price_vat)), 0n)
      : toBani(splitsBani);
  const discount = -voucherBani;
  const total = linesBani + shipping + depositsBani - discount;
  const c = order.customer ?? ({} as EmagCustomer);
  const contact = (c.shipping_contact || c.name || '').trim();
  const phone = (c.shipping_phone || c.phone_1 || c.billing_phone || '').trim();
  const street = (c.shipping_street ?? '').trim();
  const city = (c.shipping_city ?? '').trim();
  const county = (c.shipping_suburb ?? '').trim();
  const postal = (c.shipping_postal_code ?? '').trim();
  const paid = Number(order.payment_status) === 1;
  const mode = EMAG_PAYMENT_MODES[Number(order.payment_mode_id)] ?? 'card';
  return {
    external_id: String(order.id),
    status: Number(order.status),
    created_at: order.date,
    modified_at: order.modified,
    payment_method: mode,
    paid: paid || mode === 'card',
    customer: {
      name: (c.name || contact).trim(),
      phone,
      company: c.legal_entity ? (c.company ?? null) : null,
      email: null,
      email_hash: c.email ? String(c.email) : null,
    },
    shipping_address: {
      contact,
      phone,
      address: street,
      city,
      county,
      postal_code: postal,
      country: (c.shipping_country || 'RO').trim(),
      text: [street, city, county && `jud. ${county}`, postal].filter(Boolean).join(', '),
    },
    lines,
    deposits: depositLines,
    shipping: lei(shipping),
    vouchers,
    discount: lei(discount),
    total: lei(total),
  };
}
