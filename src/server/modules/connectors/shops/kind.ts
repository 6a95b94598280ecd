import type { ConnectorType } from '../../../../core/api/connectors.js';
import type { IntakeOrderInput } from '../../../../core/api/intake.js';
import type { ServiceContext } from '../../../context.js';
import type { HttpError } from '../../../http/errors.js';
import type { ProviderError } from '../../../providers/http.js';
import type { DemoShopProduct } from '../../../providers/registry.js';
import type { ConnectorRow } from '../queries.js';

/**
 * What a kind of shop (WooCommerce, Shopify, eMAG) brings to the connector: how its keys are read
 * and checked, how its orders are read (pages from a cursor, webhooks) into the intake's shape, and
 * how each update of the outbox is said to it. Everything else (the connector's row and sealed keys,
 * the inbox, the cursor that moves only past complete pages, the outbox's retries and backoff, the
 * stock's coalescing, the seller's notifications) is the connector's own and the same for every shop.
 */

/** What is sealed of a connector: the shop's keys (and a webhook secret), by the shop's own field names. */
export type ShopSecrets = Record<string, string>;

/** A connector as a shop kind works with it: its row and its opened keys. */
export interface ShopConnection {
  row: ConnectorRow;
  secrets: ShopSecrets;
}

/** A shop's order as the connector takes it. */
export type ShopOrderIn =
  /** Placed in the shop: it becomes (or changes) its intake item. */
  | { kind: 'take'; externalId: string; intake: IntakeOrderInput }
  /** Ended in the shop (cancelled, refunded, failed): cancelled here when it has no AWB or invoice. */
  | { kind: 'ended'; externalId: string }
  /** Not placed yet (awaiting payment, a draft) or done before the connector: left. */
  | { kind: 'left'; externalId: string };

/** One page of the pull: its orders, and the cursor once every one of them is taken. */
export interface ShopPage {
  orders: ShopOrderIn[];
  /** The latest change of the page's orders, in Unix seconds (null: an empty page): the cursor once it is taken. */
  cursor: number | null;
  /** The last page of this pull. */
  last: boolean;
}

/** A stored webhook delivery, as the connector worked it. */
export interface ShopDelivery {
  topic: string;
  body: string;
}

/** What a webhook's request is, once its signature is checked. */
export type WebhookCheck =
  { kind: 'ping' } | { kind: 'delivery'; topic: string; deliveryId: string | null } | { kind: 'refused' };

/** The fields a connect body gives, once read by the kind's schema. */
export interface ShopConnectInput {
  /** What names the shop (a store URL, a shop domain, an account): shown, never a secret. */
  address: string;
  /** The keys to seal (the kind adds what it makes itself, such as a webhook secret). */
  secrets: ShopSecrets;
  cancelInShop: boolean;
}

/** An AWB created here, as an update of the outbox carries it. */
export interface AwbUpdate {
  courier: string;
  awb: string;
  orderId: number | null;
}

/** An invoice issued here for the shop's order, as an update of the outbox carries it. */
export interface InvoiceUpdate {
  /** Its series and number ("FCT 0042"). */
  billNumber: string;
  orderId: number | null;
}

/** A storno issued here for the order's invoice: the storno document's number and the invoice it reverses. */
export interface StornoUpdate {
  /** The storno document's series and number ("FCT 0043"). */
  stornoNumber: string;
  /** The invoice it reverses ("FCT 0042"), when known. */
  billNumber: string | null;
  orderId: number | null;
}

/** What a kind of shop does. Every method that talks to the shop throws a ProviderError when the shop fails. */
export interface ShopKind {
  type: ConnectorType;
  /** The shop's name as the seller knows it (in messages). */
  label: string;
  /** Reads the connect body (422 per field). */
  parseConnect(body: unknown): ShopConnectInput;
  /** A refusal of the keys or an unreachable shop, as 422 on the field it is about. */
  refusal(err: ProviderError): HttpError;
  /** Checks the keys at the shop (and whatever live mode requires of the address), before anything is stored. */
  checkCredentials(ctx: ServiceContext, address: string, secrets: ShopSecrets, emulated: boolean): Promise<void>;
  /** Secrets the kind makes itself at connection (a webhook secret), added to what is sealed. */
  madeSecrets?(): ShopSecrets;
  /** Fills a new emulated shop with the seller's catalogue and a few orders (emulated mode only). */
  prepareEmulated?(ctx: ServiceContext, conn: ShopConnection, catalogue: DemoShopProduct[]): Promise<void>;
  /** Registers the shop's webhooks to the given address: their ids at the shop. */
  registerWebhooks?(ctx: ServiceContext, conn: ShopConnection, url: string): Promise<string[]>;
  /**
   * Keeps the webhooks alive (the pull calls it, at most once an hour): a shop disables (WooCommerce,
   * past 5 failed deliveries) or deletes (Shopify, after its retries) a webhook whose deliveries
   * failed; this re-activates or re-creates ours at the address. Answers the ids now valid.
   */
  ensureWebhooks?(ctx: ServiceContext, conn: ShopConnection, url: string, ids: string[]): Promise<string[]>;
  /** Removes them (as far as the shop answers). */
  removeWebhooks?(ctx: ServiceContext, conn: ShopConnection, ids: string[]): Promise<void>;
  /** Checks a webhook's signature and says what it is; nothing is stored before this. */
  checkWebhook?(conn: ShopConnection, headers: Record<string, string | undefined>, body: Buffer): WebhookCheck;
  /** The orders of a stored delivery (none: nothing to take). */
  ordersOfDelivery?(d: ShopDelivery): ShopOrderIn[];
  /**
   * The pull: pages of orders changed since the cursor (null: the first pull), oldest change first.
   * `after` is what the connector computed from the cursor (less its overlap), in Unix seconds.
   */
  pull(ctx: ServiceContext, conn: ShopConnection, after: number, perPage?: number): AsyncGenerator<ShopPage>;
  /** The emulated shop's own new orders (the demo's, taken before each pull). */
  demoTakeOrders?(ctx: ServiceContext, conn: ShopConnection, count: number): Promise<void>;
  /** An order taken here is acknowledged at the shop (eMAG: new → in progress), once it is stored. */
  acknowledge?(ctx: ServiceContext, conn: ShopConnection, externalId: string): Promise<void>;
  /** An AWB was created for the shop's order (a note for the buyer, a fulfillment, an attachment). */
  awbCreated(ctx: ServiceContext, conn: ShopConnection, externalId: string, awb: AwbUpdate): Promise<void>;
  /** The order was delivered or cancelled here. */
  orderStatus(
    ctx: ServiceContext,
    conn: ShopConnection,
    externalId: string,
    status: 'completed' | 'cancelled',
  ): Promise<void>;
  /**
   * An invoice was issued for the shop's order (eMAG: attached as a document the buyer sees). A kind
   * without it takes no invoice: the update is marked sent. Never sent blindly twice: a document
   * the shop shows cannot be taken back, so the shop is read first.
   */
  invoiceIssued?(ctx: ServiceContext, conn: ShopConnection, externalId: string, invoice: InvoiceUpdate): Promise<void>;
  /**
   * A storno of the order's invoice was issued: a kind that took the invoice takes the document
   * reversing it the same way (the buyer saw the invoice). Without it the update is marked sent;
   * never sent blindly twice, as the invoice.
   */
  stornoIssued?(ctx: ServiceContext, conn: ShopConnection, externalId: string, storno: StornoUpdate): Promise<void>;
  /** Where the stock of a SKU is set at the shop (null: no product of the shop has it). */
  stockTarget(ctx: ServiceContext, conn: ShopConnection, sku: string): Promise<unknown>;
  /** Sets the quantity at a target `stockTarget` found. */
  setStock(ctx: ServiceContext, conn: ShopConnection, target: unknown, quantity: number): Promise<void>;
}
