/**
 * The order as the API answers it (spec part 1, section 3). Money travels in RON with two decimals
 * (the server stores bani); times are Unix seconds. Fields the server may leave out are optional.
 */

/**
 * A flag raised on a customer by some company (flags are shared across companies). Another company's
 * id is never sent: `flagged_by_company_id` is the selected company's id or null.
 */
export interface CustomerFlag {
  id?: number;
  reason: string | null;
  created_at: number;
  flagged_by_company_id?: number | null;
  /** Whether the selected company raised it. */
  by_this_company?: boolean;
}

export interface CustomerDetail {
  customer_id: number | null;
  name: string | null;
  phone_number: string | null;
  email?: string | null;
  county?: string | null;
  county_id?: number | null;
  city?: string | null;
  city_id?: number | null;
  street?: string | null;
  street_id?: number | null;
  street_number?: string | null;
  zip_code?: string | null;
  address?: string | null;
  company_name?: string | null;
  vat_number?: string | null;
  company_address?: string | null;
  company_city?: string | null;
  company_county?: string | null;
  flags?: CustomerFlag[];
}

export interface OrderLineProduct {
  id?: number;
  name: string;
  sku: string;
  selling_price: number | string;
  currency: string;
}

export interface OrderLine {
  id: number;
  product_id: number | null;
  quantity: number;
  /** Copied from the product when the line was made. */
  product: OrderLineProduct;
  /** selling_price × quantity, RON. */
  value?: number;
}

export type DiscountType = 'amount' | 'percentage' | 'shipping';

export interface AppliedDiscount {
  id: number;
  type: DiscountType | string;
  value: number | string | null;
  /** The quantity threshold of a product discount (at quantity). */
  quantity?: number | null;
  /** null: the discount applies to the whole order. */
  order_product_id: number | null;
  /** A coupon code: the discount came from a coupon. */
  coupon?: string | null;
  /** order / product: set by the automatic rules; coupon; manual: added by hand. */
  kind?: 'order' | 'product' | 'coupon' | 'manual' | string;
  automatic?: boolean;
  /** What it takes from the order, RON (0 for free shipping). */
  amount?: number | string | null;
}

export interface OrderHistoryEntry {
  id: number;
  /** What happened: created, line_added, line_changed, line_removed, discount_added, discount_changed,
   * discount_removed, free_shipping, customer_detail_changed, phone_changed, observations_changed,
   * details_changed, cancelled, restored, flagged. */
  type: string;
  /** What changed (names, quantities, values before and after). */
  data: Record<string, unknown>;
  created_at: number;
  /** Who did it; null for the system. */
  user: { id: number; name: string } | null;
}

export interface Order {
  id: number;
  status: string;
  courier?: string | null;
  courier_status?: string | null;
  awb?: string | null;
  bill_number?: string | null;
  value: number | string;
  total_value: number | string;
  discount: number | string;
  client_shipping_cost: number | string;
  created_at: number;
  updated_at?: number | null;
  observations?: string | null;
  details?: string | null;
  coupon_code?: string | null;
  source_id?: number | null;
  /** The source's name. */
  source?: string | null;
  customer_detail: CustomerDetail | null;
  order_products?: OrderLine[];
  applied_discounts?: AppliedDiscount[];
  history?: OrderHistoryEntry[];
}

/** A row of GET /order: the order without its lines, discounts and history. */
export type OrderRow = Pick<Order, 'id' | 'status' | 'courier_status' | 'total_value' | 'created_at' | 'customer_detail'> & Partial<Order>;
