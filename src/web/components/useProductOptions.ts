import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListResponse } from '../../core/api/list';
import type { Product } from '../../core/api/products';
import { api } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';
import { useCompanyId } from '../lib/session';

export const PRODUCTS_PATH = '/api/v1/product';
/** Product selects load page 1 with 100 products: the most options a select lists at once. */
export const PRODUCT_OPTIONS_LIMIT = 100;

/**
 * What a product select offers:
 * - `top-level`: the rows of the product list as they are (a parent for a variation, a product discount);
 * - `sellable`: what can actually go in a box or an order: a product with variations is offered as its
 *   variations, each labelled with the parent's name.
 */
export type ProductOptionsMode = 'top-level' | 'sellable';

export interface ProductOption {
  id: number;
  name: string;
  sku: string;
  description: string | null;
  /** The name to show: a variation's own name when it already says the parent's, else "Parent / Variation". */
  label: string;
  /** The row itself (a variation in `sellable` mode), with its company, prices, stock, currency. */
  product: Product;
  /** The parent of a variation offered in `sellable` mode, else null. */
  parent: Product | null;
}

/** The options of one page of the product list (pure, for the tests). */
export function productOptions(rows: readonly Product[], mode: ProductOptionsMode): ProductOption[] {
  const out: ProductOption[] = [];
  const own = (p: Product, parent: Product | null, label: string): ProductOption => ({
    id: p.id,
    name: p.name,
    sku: p.sku,
    description: p.description,
    label,
    product: p,
    parent,
  });
  for (const p of rows) {
    const variations = Array.isArray(p.variations) ? p.variations : [];
    if (mode === 'top-level' || variations.length === 0) {
      out.push(own(p, null, p.name));
      continue;
    }
    for (const v of variations)
      out.push(own(v, p, v.name.toLowerCase().includes(p.name.toLowerCase()) ? v.name : `${p.name} / ${v.name}`));
  }
  return out;
}

export interface UseProductOptions {
  /** Fetch only while the form is open. */
  enabled: boolean;
  mode?: ProductOptionsMode;
  /** Server-side search (names and SKUs of parents and variations); '' for the first 100. */
  search?: string;
}

/** Products of the selected company for a select: page 1, 100 at most, optional server search. */
export function useProductOptions({ enabled, mode = 'top-level', search = '' }: UseProductOptions) {
  const companyId = useCompanyId();
  const select = useCallback(
    (answer: ListResponse<Product>) => productOptions(Array.isArray(answer?.data) ? answer.data : [], mode),
    [mode],
  );
  const params = { page: 1, items: PRODUCT_OPTIONS_LIMIT, search: search.trim() || undefined };
  return useQuery({
    queryKey: queryKeys.list('product', companyId, { ...params, purpose: 'options' }),
    queryFn: ({ signal }) =>
      api.get<ListResponse<Product>>(PRODUCTS_PATH, { ...params, company_id: companyId ?? undefined }, signal),
    enabled: enabled && companyId !== null,
    // Typing in a server-searched select keeps the last options until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    select,
  });
}
