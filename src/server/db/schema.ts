import type { Generated } from 'kysely';
import type {
  UsersTable,
  AuthTokensTable,
  InvitationsTable,
  LoginAttemptsTable,
  CompaniesTable,
  CompanyUsersTable,
  NotificationsTable,
  NotificationReadsTable,
} from './schema/accounts.js';
import type {
  ProductsTable,
  ProductImagesTable,
  CouponsTable,
  SourcesTable,
  OrderDiscountsTable,
  ProductDiscountsTable,
  MessagesTable,
  PackagesTable,
  PackageItemsTable,
} from './schema/catalogue.js';
import type {
  ReturnRequestsTable,
  CustomersTable,
  CompanyCustomersTable,
  FlagsTable,
  OrdersTable,
  OrderCustomerDetailsTable,
  OrderProductsTable,
  ExchangeRatesTable,
  AppliedDiscountsTable,
  DismissedDiscountsTable,
  ListCountsTable,
} from './schema/orders.js';
import type {
  CodSettlementsTable,
  CodSettingsTable,
  CodTotalsTable,
  OrderSourceDayStatsTable,
  OrderStatusDayStatsTable,
  OrderListDayCountsTable,
  CourierDayStatsTable,
  ProductDayStatsTable,
  ProductPeriodStatsTable,
  OrderLineStatsTable,
} from './schema/figures.js';

// Row types of every table. Money columns are integer bani, times are Unix seconds. The tables of
// accounts, the catalogue, orders and the kept figures are in schema/ by area, and exported from
// here: this file is where every table is named (Database), and the one import of the row types.
export type * from './schema/accounts.js';
export type * from './schema/catalogue.js';
export type * from './schema/orders.js';
export type * from './schema/figures.js';

/** One AWB create of an order and how it went (migration 013). */
export interface ShipmentsTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  courier: string;
  /** pending | created | unknown | failed | deleted */
  state: string;
  reference: string;
  cod_bani: number;
  weight_grams: number;
  awb: string | null;
  /** JSON array of strings. */
  parcel_numbers: string | null;
  cost_bani: number | null;
  previous_status: string | null;
  error: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** JSON array of the AWBs that could be an unknown create's when the courier cannot tell (migration 026). */
  candidates: string | null;
  /** When the company was told the create's outcome is still unknown (migration 026). */
  notified_at: number | null;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  /** JSON. */
  payload: string;
  run_at: number;
  attempts: Generated<number>;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  failed_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A record of a built-in provider emulator (demo mode), apart from the product's tables: one JSON
 * document of a provider's collection (accounts, shipments, invoices, tokens, counters…) by key.
 */
export interface EmulatorRecordsTable {
  id: Generated<number>;
  provider: string;
  collection: string;
  key: string;
  /** JSON. */
  data: string;
  created_at: number;
  updated_at: number;
}

/**
 * An Idempotency-Key of a create call (migration 025, http/idempotency.ts): claimed by the first
 * request (status_code null while it runs), then its answer, replayed to the key's later requests
 * for 24 hours. company_id is 0 for a call outside any company.
 */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  key: string;
  /** SHA-256 (hex) of the request's method, URL and body. */
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: number;
}

/** The providers a company can set up (seeded by migration 009; keys are stable). */
export interface IntegrationsTable {
  id: Generated<number>;
  key: string;
  name: string;
  description: string;
  type: string;
  position: number;
}

/** credentials: sealed JSON (lib/secrets.ts); configuration: plain JSON of the wizard's later steps. */
export interface CompanyIntegrationsTable {
  id: Generated<number>;
  company_id: number;
  integration_id: number;
  credentials: string | null;
  configuration: string | null;
  is_active: number;
  created_at: number;
  updated_at: number;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number | null;
  type: string;
  /** JSON object of what changed. */
  data: string;
  created_at: number;
}

/** SmartBill invoices and storno documents of orders (migration 014). total: signed bani. */
export interface InvoicesTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  kind: string;
  reverses_id: number | null;
  state: string;
  series: string;
  number: string | null;
  expected_number: string | null;
  total: number;
  full_reversal: number;
  /** JSON of the client as sent. */
  client: string;
  error: string | null;
  created_by: number | null;
  created_at: number;
  issued_at: number | null;
  updated_at: number;
}

/** Lines of an invoice or storno document; unit_price in bani, tax included. */
export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  kind: string;
  order_product_id: number | null;
  discount_of: number | null;
  reverses_line_id: number | null;
  name: string;
  code: string | null;
  quantity: number;
  unit_price: number;
  applies_to: number | null;
  vat_name: string;
  vat_percentage: number;
  reversed: Generated<number>;
  reversed_value: Generated<number>;
}

/** SMS sent for orders (migration 043): pending | sent | delivered | failed | unknown | skipped. */
export interface SmsSendsTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  event: string;
  event_key: string | null;
  message_id: number | null;
  provider: string;
  state: string;
  to_phone: string;
  text: string;
  parts: number;
  encoding: string;
  provider_ids: string | null;
  receipts: string | null;
  price: string | null;
  error: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SmsReceiptTokensTable {
  company_id: number;
  token: string;
  created_at: number;
}

/** Alerts told to the seller (migration 044), once per key. */
export interface SellerAlertsTable {
  id: Generated<number>;
  company_id: number;
  key: string;
  kind: string;
  params: string;
  state: string;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** A bulk action over many orders (modules/order-bulk). */
export interface BulkJobsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  action: string;
  /** JSON of the action's parameters. */
  params: string;
  status: string;
  lang: string;
  total: number;
  done: Generated<number>;
  skipped: Generated<number>;
  failed: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One order of a bulk action, in selection order. */
export interface BulkJobItemsTable {
  job_id: number;
  position: number;
  order_id: number;
  outcome: string | null;
  /** JSON `{key, params}` of the catalogue, translated when read. */
  reason: string | null;
  awb: string | null;
  bill_number: string | null;
  attempts: Generated<number>;
  started_at: number | null;
  updated_at: number;
}

/** A source's intake key (migration 076): the id a shop sends and the secret it signs with, sealed. */
export interface SourceIntakeKeysTable {
  source_id: number;
  company_id: number;
  key_id: string;
  secret_sealed: string;
  created_at: number;
  last_used_at: number | null;
}

/** The inbox of orders that arrived by themselves (migration 076), each as received. */
export interface IntakeItemsTable {
  id: Generated<number>;
  company_id: number;
  source_id: number;
  external_id: string | null;
  via: string;
  payload: string;
  fingerprint: string | null;
  status: string;
  problems: string | null;
  order_id: number | null;
  received_at: number;
  updated_at: number;
}

/** A company's label format and shipping defaults (migration 079). */
export interface ShippingSettingsTable {
  company_id: number;
  label_format: Generated<string>;
  default_courier: string | null;
  default_preset: string | null;
  updated_at: number;
}

export interface IntakeSettingsTable {
  company_id: number;
  oversell: Generated<number>;
  updated_at: number;
}

/** A source made a live shop (migration 081): its sealed login, webhooks, pull cursor and state. */
export interface ShopConnectorsTable {
  id: Generated<number>;
  company_id: number;
  source_id: number;
  type: string;
  store_url: string;
  credentials: string;
  webhook_ids: Generated<string>;
  emulated: Generated<number>;
  cancel_in_shop: Generated<number>;
  sync_stock: Generated<number>;
  demo_orders: Generated<number>;
  cursor: string | null;
  state: Generated<string>;
  last_sync_at: number | null;
  last_error: string | null;
  orders_in: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A shop's webhook delivery, stored as received before it is worked (migration 081). */
export interface ShopEventsTable {
  id: Generated<number>;
  connector_id: number;
  topic: string;
  delivery_id: string | null;
  body: string;
  received_at: number;
  processed_at: number | null;
}

/** An update going back to a shop (migration 082), written by triggers in the change's transaction. */
export interface ShopOutboxTable {
  id: Generated<number>;
  company_id: number;
  connector_id: number;
  kind: string;
  ref: string;
  order_id: number | null;
  data: string;
  state: Generated<string>;
  attempts: Generated<number>;
  next_at: Generated<number>;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** A document of an order reachable without a session by its random token (migration 087). */
export interface PublicDocumentsTable {
  id: Generated<number>;
  token: string;
  company_id: number;
  order_id: number;
  kind: string;
  ref: string;
  created_at: number;
  revoked_at: number | null;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_attempts: LoginAttemptsTable;
  companies: CompaniesTable;
  exchange_rates: ExchangeRatesTable;
  company_users: CompanyUsersTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  sources: SourcesTable;
  order_discounts: OrderDiscountsTable;
  coupons: CouponsTable;
  product_discounts: ProductDiscountsTable;
  messages: MessagesTable;
  packages: PackagesTable;
  package_items: PackageItemsTable;
  return_requests: ReturnRequestsTable;
  customers: CustomersTable;
  company_customers: CompanyCustomersTable;
  flags: FlagsTable;
  orders: OrdersTable;
  order_customer_details: OrderCustomerDetailsTable;
  order_products: OrderProductsTable;
  applied_discounts: AppliedDiscountsTable;
  dismissed_discounts: DismissedDiscountsTable;
  invitations: InvitationsTable;
  order_events: OrderEventsTable;
  list_counts: ListCountsTable;
  jobs: JobsTable;
  shipments: ShipmentsTable;
  sms_sends: SmsSendsTable;
  sms_receipt_tokens: SmsReceiptTokensTable;
  seller_alerts: SellerAlertsTable;
  cod_settlements: CodSettlementsTable;
  cod_settings: CodSettingsTable;
  cod_totals: CodTotalsTable;
  order_source_day_stats: OrderSourceDayStatsTable;
  order_status_day_stats: OrderStatusDayStatsTable;
  order_list_day_counts: OrderListDayCountsTable;
  product_period_stats: ProductPeriodStatsTable;
  courier_day_stats: CourierDayStatsTable;
  product_day_stats: ProductDayStatsTable;
  order_line_stats: OrderLineStatsTable;
  integrations: IntegrationsTable;
  company_integrations: CompanyIntegrationsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  emulator_records: EmulatorRecordsTable;
  idempotency_keys: IdempotencyKeysTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_items: BulkJobItemsTable;
  source_intake_keys: SourceIntakeKeysTable;
  intake_items: IntakeItemsTable;
  intake_settings: IntakeSettingsTable;
  shipping_settings: ShippingSettingsTable;
  shop_connectors: ShopConnectorsTable;
  shop_events: ShopEventsTable;
  shop_outbox: ShopOutboxTable;
  public_documents: PublicDocumentsTable;
}
