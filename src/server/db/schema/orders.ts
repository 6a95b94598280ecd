import type { Generated } from 'kysely';

// Row types: Orders, their customers, lines, discounts and the kept list counts. Money columns are integer bani, times are Unix seconds.

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
