import { emagConnectorBody } from '../../../../core/api/connectors.js';
import type { ServiceContext } from '../../../context.js';
import { FieldProblems, parse } from '../../../http/errors.js';
import { ProviderError } from '../../../providers/http.js';
import { EMAG_STATUS, parseEmagDate, type EmagClient, type EmagOrder } from '../../../providers/shops/emag.js';
import { publicDocumentUrl } from '../../public-documents/index.js';
import { emagOrderKind, intakeOrderOfEmag } from './emagOrder.js';
import type { ShopConnection, ShopKind, ShopOrderIn, ShopSecrets } from './kind.js';
import { courierName } from './notes.js';

/**
 * eMAG Marketplace (API v4): a seller user's login (HTTP Basic), no webhooks (eMAG's callback only
 * says an order came, and is not emulated), so the pull every 5 minutes is the way in:
 *
 * 1. The new orders (status 1), all of them whatever their age: the first page again and again, each
 *    taken order acknowledged (1 → 2) once it is stored here, which takes it off the list. These
 *    pages move no cursor (a change older than them may still be unread).
 * 2. The orders changed since the cursor (`modifiedAfter`, 100 a page): cancellations (status 0 →
 *    ended here), changed lines of an order in progress. The orders just acknowledged come back
 *    here (their change is the acknowledge) and are not taken a second time.
 *
 * What goes back: an AWB as a type 10 attachment (a public link to its label) and the order moved to
 * prepared (3); delivered → finalized (4); cancelled here → cancelled (0); an invoice as a type 1
 * attachment (a public link to its PDF), sent once, and a storno of it the same way; stock by the
 * offer of the SKU (`part_number`).
 * The address shown is `emag:<username>`; an emulated seller's account is its source's own.
 */

/** The address a connector shows: eMAG names a seller's account by its login. */
export const emagAddress = (username: string) => `emag:${username}`;

/** The emulated account of a source: every emulated seller logs in with the demo login, the account keeps them apart. */
export const emagAccountOf = (sourceId: number) => `source-${sourceId}`;
/** Where an emulated login is checked before the connector (and its account) exists. */
const CHECK_ACCOUNT = 'login-check';

function client(ctx: ServiceContext, secrets: ShopSecrets, account: string): EmagClient {
  if (!ctx.providers.emag) throw new Error('this provider registry builds no eMAG client');
  return ctx.providers.emag({ username: secrets.username ?? '', password: secrets.password ?? '' }, account);
}
const clientOf = (ctx: ServiceContext, conn: ShopConnection) =>
  client(ctx, conn.secrets, emagAccountOf(conn.row.source_id));

/** The new orders a pull read, to be acknowledged once stored (by connection: one pull's). */
const toAcknowledge = new WeakMap<ShopConnection, Set<string>>();
const pendingOf = (conn: ShopConnection) => {
  let set = toAcknowledge.get(conn);
  if (!set) toAcknowledge.set(conn, (set = new Set()));
  return set;
};

/** An eMAG order as the connector takes it. */
export function emagOrderIn(order: EmagOrder): ShopOrderIn {
  const externalId = String(order.id);
  const kind = emagOrderKind(order);
  if (kind === 'take') return { kind: 'take', externalId, intake: intakeOrderOfEmag(order) };
  if (kind === 'ended') return { kind: 'ended', externalId };
  return { kind: 'left', externalId };
}

async function orderAt(c: EmagClient, externalId: string): Promise<EmagOrder> {
  const order = await c.order(Number(externalId));
  if (!order) throw new ProviderError('emag', 'not_found', `Order ${externalId} not found`);
  return order;
}

/** The order moved on (prepared, finalized), acknowledged first if it is still new. */
async function moveTo(
  c: EmagClient,
  order: EmagOrder,
  status: typeof EMAG_STATUS.prepared | typeof EMAG_STATUS.finalized,
) {
  if (order.status >= status) return;
  if (order.status === EMAG_STATUS.new) await c.acknowledge(order.id);
  await c.setStatus(order.id, status);
}

const attached = (order: EmagOrder, url: string) =>
  Array.isArray(order.attachments) && order.attachments.some((a) => (a as { url?: unknown }).url === url);

export const emagKind: ShopKind = {
  type: 'emag',
  label: 'eMAG',

  parseConnect(body) {
    const input = parse(emagConnectorBody, body);
    return {
      address: emagAddress(input.username),
      secrets: { username: input.username, password: input.password },
      cancelInShop: input.cancel_in_shop,
    };
  },

  refusal(err: ProviderError) {
    const reason = err.providerMessage;
    if (err.kind === 'refused_credentials') return FieldProblems.one('username', 'connector_emag_refused', { reason });
    return FieldProblems.one('username', 'connector_unreachable', { shop: 'eMAG', reason });
  },

  async checkCredentials(ctx, _address, secrets) {
    await client(ctx, secrets, CHECK_ACCOUNT).checkCredentials();
  },

  async prepareEmulated(ctx, conn, catalogue) {
    await ctx.providers.demoShops?.prepare('emag', emagAccountOf(conn.row.source_id), catalogue, {});
  },

  async *pull(ctx, conn, after, perPage = 100) {
    const c = clientOf(ctx, conn);
    const pending = pendingOf(conn);
    const taken = new Set<number>();
    for (;;) {
      const read = await c.newOrders(perPage);
      // An order still new after it was taken (its acknowledge refused): read once, not forever.
      const fresh = read.orders.filter((o) => !taken.has(o.id));
      for (const o of fresh) {
        taken.add(o.id);
        if (emagOrderKind(o) === 'take') pending.add(String(o.id));
      }
      if (fresh.length) yield { orders: fresh.map(emagOrderIn), cursor: null, last: false };
      if (read.last || fresh.length === 0) break;
    }
    for (let page = 1; ; page++) {
      const read = await c.ordersModifiedAfter(after, page, perPage);
      let latest: number | null = null;
      for (const o of read.orders) {
        const t = parseEmagDate(o.modified);
        if (Number.isFinite(t)) latest = Math.max(latest ?? 0, t);
      }
      const orders = read.orders.filter((o) => !(taken.has(o.id) && o.status === EMAG_STATUS.inProgress));
      yield { orders: orders.map(emagOrderIn), cursor: latest, last: read.last };
      if (read.last) return;
    }
  },

  async demoTakeOrders(ctx, conn, count) {
    await ctx.providers.demoShops?.takeOrders('emag', emagAccountOf(conn.row.source_id), count);
  },

  async acknowledge(ctx, conn, externalId) {
    const pending = toAcknowledge.get(conn);
    // Only a new order read by this pull: one in progress already is eMAG's refusal.
    if (!pending?.has(externalId)) return;
    await clientOf(ctx, conn).acknowledge(Number(externalId));
    pending.delete(externalId);
  },

  async awbCreated(ctx, conn, externalId, awb) {
    if (awb.orderId === null) throw new ProviderError('emag', 'rejected', 'the AWB names no order');
    const c = clientOf(ctx, conn);
    const order = await orderAt(c, externalId);
    const url = await publicDocumentUrl(ctx, { orderId: awb.orderId, kind: 'awb_label', ref: awb.awb });
    // Read first: an attachment sent before an answer was lost is not sent again.
    if (!attached(order, url))
      await c.attachOwnCourierAwb(order.id, { courier: courierName(awb.courier), number: awb.awb, url });
    await moveTo(c, order, EMAG_STATUS.prepared);
  },

  async orderStatus(ctx, conn, externalId, status) {
    const c = clientOf(ctx, conn);
    if (status === 'cancelled') return c.cancel(Number(externalId));
    await moveTo(c, await orderAt(c, externalId), EMAG_STATUS.finalized);
  },

  async invoiceIssued(ctx, conn, externalId, invoice) {
    if (invoice.orderId === null || !invoice.billNumber)
      throw new ProviderError('emag', 'rejected', 'the invoice names no order');
    const c = clientOf(ctx, conn);
    const order = await orderAt(c, externalId);
    const url = await publicDocumentUrl(ctx, { orderId: invoice.orderId, kind: 'invoice', ref: invoice.billNumber });
    // The buyer sees every attachment: one already there (a send whose answer was lost) is the invoice.
    if (attached(order, url)) return;
    await c.attachInvoice(order.id, { number: invoice.billNumber, url });
  },

  async stornoIssued(ctx, conn, externalId, storno) {
    if (storno.orderId === null || !storno.stornoNumber)
      throw new ProviderError('emag', 'rejected', 'the storno names no order');
    const c = clientOf(ctx, conn);
    const order = await orderAt(c, externalId);
    const url = await publicDocumentUrl(ctx, { orderId: storno.orderId, kind: 'storno', ref: storno.stornoNumber });
    // As the invoice: an attachment with this link already there is the storno, not sent again.
    if (attached(order, url)) return;
    await c.attachStorno(order.id, { number: storno.stornoNumber, url });
  },

  stockTarget: (ctx, conn, sku) => clientOf(ctx, conn).offerIdOf(sku),

  async setStock(ctx, conn, target, quantity) {
    await clientOf(ctx, conn).setStock(target as number, quantity);
  },
};
