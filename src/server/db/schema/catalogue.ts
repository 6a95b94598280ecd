import type { Generated } from 'kysely';

// Row types: The catalogue and what a company sells with: products, coupons, sources, discounts, messages, packages. Money columns are integer bani, times are Unix seconds.

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
