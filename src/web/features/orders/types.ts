/**
 * The order as the API answers it (spec part 1, section 3). Money travels in RON with two decimals
 * (the server stores bani); times are Unix seconds. Fields the server may leave out are optional.
 */

/** A flag raised on a customer by some company; `own` is true when the selected company raised it. */
export interface CustomerFlag {
  id?: number;
  reason: string | null;
  created_at: number;
  /** The selected company's id when it raised the flag; another company's id is never sent. */
  flagged_by_company_id?: number | null;
  /** Whether the selected company raised it (the server says so without naming other companies). */
  own?: boolean;
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
  product: OrderLineProduct;
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
  coupon?: string | { code?: string | null } | null;
  /** The bani / RON it takes, when the server says it. */
  amount?: number | string | null;
}

export interface OrderHistoryEntry {
  id?: number;
  /** What happened: a key like `created`, `line_added`, `cancelled` (labelled by the web app). */
  action: string;
  /** Who did it (a display name), null for the system. */
  user?: string | { first_name?: string | null; last_name?: string | null; email?: string | null } | null;
  created_at: number;
  /** What changed: a sentence in the reader's language, or the changed fields. */
  message?: string | null;
  changes?: Record<string, unknown> | null;
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
  source?: { id: number; source: string } | string | null;
  customer_detail: CustomerDetail | null;
  order_products?: OrderLine[];
  applied_discounts?: AppliedDiscount[];
  history?: OrderHistoryEntry[];
}

/** A row of GET /order: the order without its lines, discounts and history. */
export type OrderRow = Pick<Order, 'id' | 'status' | 'courier_status' | 'total_value' | 'created_at' | 'customer_detail'> & Partial<Order>;
