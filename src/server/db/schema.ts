import type { Generated } from 'kysely';

// Row types of every table. Money columns are integer bani, times are Unix seconds.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** argon2id; '' for a user invited who has not chosen a password yet (no password matches it). */
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: number;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
}

/** A one-time link to choose a password, kept hashed (migration 075). */
export interface InvitationsTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  invited_by: number | null;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  created_at: number;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  vat_number: string;
  vat_payer: number;
  administrator_name: string;
  active: number;
  address: string | null;
  city: string | null;
  county: string | null;
  /** Default client shipping cost of new orders (bani). */
  shipping_cost: Generated<number>;
  /** The company's EUR rate (ten-thousandths of a leu per euro), used where no recent BNR rate is known. */
  eur_rate: number | null;
  eur_rate_set_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CompanyUsersTable {
  company_id: number;
  user_id: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  description: string;
  message_key: string | null;
  params: string | null;
  type: string;
  created_at: number;
}

export interface NotificationReadsTable {
  notification_id: number;
  user_id: number;
  /** When the user cleared it off their list (migration 084_notification_clears); null while shown. */
  cleared_at: number | null;
}

export interface ProductsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  sku: string;
  sale_type: string;
  stock: number | null;
  selling_price: number | null;
  buying_price: number | null;
  currency: string;
  /** Whole percent; null: the company's default rate (a variation: its parent's first). */
  vat_rate: number | null;
  created_at: number;
  updated_at: number;
}

export interface ProductImagesTable {
  product_id: number;
  mime: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  updated_at: number;
}

export interface CouponsTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  /** The code in lower case: unique per company. */
  code_key: string;
  type: string;
  /** Hundredths: bani, or hundredths of a percent. */
  value: number;
  uses_allowed: number | null;
  uses: Generated<number>;
  active: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SourcesTable {
  id: Generated<number>;
  company_id: number;
  source: string;
  /** sourceKey(source): unique per company. */
  source_key: string;
  active: number;
  created_at: number;
  updated_at: number;
}

/** value: bani for 'amount', hundredths of a percent for 'percentage', null for 'shipping'. */
export interface OrderDiscountsTable {
  id: Generated<number>;
  company_id: number;
  source_id: number;
  type: string;
  order_value: number;
  value: number | null;
  created_at: number;
  updated_at: number;
}

export interface ProductDiscountsTable {
  id: Generated<number>;
  company_id: number;
  product_id: number;
  type: string;
  quantity: number;
  value: number | null;
  created_at: number;
  updated_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  company_id: number;
  source_id: number;
  from: string;
  text: string;
  is_active: number;
  /** awb_created | delivered | returning | manual (migration 042). */
  event: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** Lengths (cm) and weight (kg) in integer hundredths. */
export interface PackagesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  length: number;
  width: number;
  height: number;
  weight: number;
  is_active: number;
  /** 1 on the company's default package (at most one; migration 051): its numbers start the AWB form. */
  is_default: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface PackageItemsTable {
  package_id: number;
  product_id: number;
  quantity: number;
}

export interface ReturnRequestsTable {
  id: Generated<number>;
  company_id: number;
  source_id: number;
  full_name: string;
  phone_number: string;
  email: string | null;
  bill_number: string | null;
  iban: string;
  reason: string | null;
  details: string | null;
  created_at: number;
  updated_at: number;
}

export interface CustomersTable {
  id: Generated<number>;
  /**
   * Normalised (+407XXXXXXXX for Romanian numbers): the person's identity across companies, never
   * changed once written (a company's change of number re-links its own view to another person).
   */
  phone_number: string;
  created_at: number;
  updated_at: number;
}

/** A company's own view of a customer: what it is shown of them, never what another company typed. */
export interface CompanyCustomersTable {
  company_id: number;
  customer_id: number;
  /** The number the company knows them by: always the number of the person `customer_id` (migration 024). */
  phone_number: string;
  name: string;
  email: string | null;
  orders_count: number;
  created_at: number;
  updated_at: number;
}

export interface FlagsTable {
  id: Generated<number>;
  customer_id: number;
  company_id: number;
  reason: string;
  created_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  source_id: number | null;
  status: string;
  /** none, issued, partially_storno, storno (core's INVOICE_STATUSES; migration 030), beside the status. */
  invoice_status: Generated<string>;
  courier: string | null;
  courier_status: string | null;
  /**
   * 1 once the courier reported the active AWB refused at the door (migration 062): the parcel
   * then goes back (returning), and the dashboard still counts it as refused. 0 again with another AWB.
   */
  awb_refused: Generated<number>;
  awb: string | null;
  bill_number: string | null;
  value: number;
  discount: number;
  shipping_cost: number;
  client_shipping_cost: number;
  total_value: number;
  observations: string | null;
  details: string | null;
  coupon_code: string | null;
  /** cash_on_delivery, card, bank_transfer (core's PAYMENT_METHODS; migration 051). */
  payment_method: Generated<string>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** The shop's order number of an order that arrived by itself (migration 076): unique per source. */
  external_id: string | null;
  /** Why the order's address needs a person's look, as JSON (AddressCheck of core/api/orders), or null. */
  address_check: string | null;
  /** Why the order's parcel needs the seller's attention now (migration 080), when it entered, the reason handled. */
  attention: string | null;
  attention_since: number | null;
  attention_handled: string | null;
}

export interface OrderCustomerDetailsTable {
  order_id: number;
  /** The order's company (a copy of orders.company_id, migration 018): the name search filters on it. */
  company_id: number;
  name: string;
  email: string | null;
  county: string | null;
  county_id: number | null;
  city: string | null;
  city_id: number | null;
  street: string | null;
  street_id: number | null;
  street_number: string | null;
  zip_code: string | null;
  address: string | null;
  company_name: string | null;
  vat_number: string | null;
  company_address: string | null;
  company_city: string | null;
  company_county: string | null;
}

export interface OrderProductsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  name: string;
  sku: string;
  price: number;
  currency: string;
  quantity: number;
  /** A converted line: the product's price (minor unit) and currency, the rate (ten-thousandths), its day and source. */
  original_currency: string | null;
  original_price: number | null;
  exchange_rate: number | null;
  rate_date: string | null;
  rate_source: string | null;
  created_at: number;
  updated_at: number;
}

/** BNR reference rates by currency and day (migration 027); rate in ten-thousandths of a leu per unit. */
export interface ExchangeRatesTable {
  currency: string;
  rate_date: string;
  rate: number;
  fetched_at: number;
}

/** value: bani (amount), hundredths of a percent (percentage), null (shipping). */
export interface AppliedDiscountsTable {
  id: Generated<number>;
  order_id: number;
  order_product_id: number | null;
  kind: string;
  type: string;
  value: number | null;
  quantity: number | null;
  coupon: string | null;
  rule_id: number | null;
  amount: number;
  created_at: number;
  updated_at: number;
}

/**
 * The places of an order where the seller edited or deleted an automatic discount (migration 072):
 * the rules add none there again. `order_product_id` null: the order itself (kind `order`).
 */
export interface DismissedDiscountsTable {
  id: Generated<number>;
  order_id: number;
  order_product_id: number | null;
  kind: string;
  created_at: number;
}

export interface ListCountsTable {
  company_id: number;
  list: string;
  bucket: string;
  /** The writer's share of the count (migration 045): a count is the sum over its shards. */
  shard: Generated<number>;
  n: number;
}

/** Cash on delivery paid by a courier for one AWB (migration 048). */
export interface CodSettlementsTable {
  id: Generated<number>;
  company_id: number;
  courier: string;
  awb: string;
  shipment_id: number;
  order_id: number;
  expected_bani: number;
  paid_bani: number;
  fee_bani: number;
  /** YYYY-MM-DD */
  paid_on: string;
  reference: string;
  /** file | api */
  origin: string;
  created_by: number | null;
  created_at: number;
}

/** The company's cash-on-delivery settings (migration 048). */
export interface CodSettingsTable {
  company_id: number;
  unpaid_days: number;
  updated_at: number;
}

/** Per company and courier, the sums of its recorded COD payments (migration 049). */
export interface CodTotalsTable {
  company_id: number;
  courier: string;
  parcels: number;
  expected_bani: number;
  paid_bani: number;
  fee_bani: number;
}

/**
 * Kept per-day figures of a company's orders (migration 062, db/orderStats.ts): per day and source,
 * and per day and status.
 */
export interface OrderSourceDayStatsTable {
  company_id: number;
  /** YYYY-MM-DD, Bucharest day of the order's creation. */
  day: string;
  /** 0 for none. */
  source_id: number;
  /** The writer's shard (migration 069, db/listCounts.ts `countShard`): a key's figures are its shards' sums. */
  shard: Generated<number>;
  orders: number;
  /** The totals of the orders that are not cancelled. */
  revenue_bani: number;
}

export interface OrderStatusDayStatsTable {
  company_id: number;
  day: string;
  status: string;
  /** The writer's shard (migration 069, db/listCounts.ts `countShard`): a key's figures are its shards' sums. */
  shard: Generated<number>;
  orders: number;
  /** The orders' totals (a cancelled order's too: the reader leaves it out). */
  revenue_bani: number;
}

/**
 * The orders list's kept counts per Bucharest day of the order's creation, courier ('' without one),
 * status and invoice status (migration 064, db/orderListCounts.ts): the list's total and tab counts
 * under a courier and/or a creation range read these rows instead of counting the orders, and its
 * page starts its walk of the ids at their bounds.
 */
export interface OrderListDayCountsTable {
  company_id: number;
  day: string;
  courier: string;
  status: string;
  invoice_status: string;
  /**
   * The writer's shard (migration 068, db/listCounts.ts `countShard`): a key's count is the sum of
   * its shards' rows, so concurrent writers add to different rows. Always 0 on SQLite.
   */
  shard: Generated<number>;
  orders: number;
  /**
   * Bounds of the ids of the orders in the row: the least and the greatest id that ever entered it
   * (never narrowed when an order leaves), so every order counted there lies between them.
   */
  min_id: number;
  max_id: number;
}

/** AWBs of a company's orders per day of the order, courier and outcome (migrations 055, 062). */
export interface CourierDayStatsTable {
  company_id: number;
  day: string;
  courier: string;
  /** The AWB's courier status, except `refused` for a parcel refused at the door that is going back. */
  courier_status: string;
  /** The writer's shard (migration 069, db/listCounts.ts `countShard`): a key's figures are its shards' sums. */
  shard: Generated<number>;
  orders: number;
  cod_bani: number;
}

export interface ProductDayStatsTable {
  company_id: number;
  day: string;
  product_id: number;
  quantity: number;
  revenue_bani: number;
}

/** product_day_stats summed per whole week (Monday) and month (the 1st) of the day (migration 062). */
export interface ProductPeriodStatsTable {
  company_id: number;
  /** `week` or `month`. */
  period: string;
  /** YYYY-MM-DD: the week's Monday or the month's first day. */
  start: string;
  product_id: number;
  quantity: number;
  revenue_bani: number;
}

export interface OrderLineStatsTable {
  order_id: number;
  product_id: number;
  quantity: number;
  revenue_bani: number;
}

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
}
