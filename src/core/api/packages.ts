import { z } from 'zod';
import { hasAtMostTwoDecimals, toBani } from '../money.js';
import { registerMessages } from '../messages.js';
import { flag, idRef, optionalText, requiredText } from '../validation.js';

/** A package's dimensions (cm) and weight (kg): required, at least 1, in steps of 0.01. */
export const MIN_MEASURE = 1;
export const MAX_MEASURE = 100000;
export const MEASURE_STEP = 0.01;
/** Item quantity: at least 1. */
export const MIN_ITEM_QUANTITY = 1;
export const MAX_ITEM_QUANTITY = 100000;
/** Items one package may hold (a preset, not a warehouse). */
export const MAX_PACKAGE_ITEMS = 500;

registerMessages({
  en: {
    package_product_not_found: 'This product does not exist in the selected company.',
    package_items_too_many: 'A package holds at most {{max}} different products.',
  },
  ro: {
    package_product_not_found: 'Produsul nu există în compania selectată.',
    package_items_too_many: 'Un pachet conține cel mult {{max}} produse diferite.',
  },
});

/**
 * A length or weight as a number or numeric text, at least 1, at most two decimals; parsed to
 * integer hundredths (the database unit) so 0.1 + 0.2 style float error is never stored.
 */
export const measureHundredths = () =>
  z
    .preprocess(
      (v) => {
        if (v === '' || v === null) return undefined;
        if (typeof v === 'string' && /^-?\d+(?:[.,]\d+)?$/.test(v.trim())) return Number(v.trim().replace(',', '.'));
        return v;
      },
      z
        .number({ error: (i) => (i.input === undefined ? 'required' : 'invalid_number') })
        .min(MIN_MEASURE, { error: 'min' })
        .max(MAX_MEASURE, { error: 'max' }),
    )
    .refine((v) => hasAtMostTwoDecimals(String(v)), { error: 'two_decimals' })
    .transform((v) => toBani(v));

/** Fields of the package form (create and full update). company_id, when sent, must be the selected company. */
export const packageBody = z.object({
  company_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idRef().optional()),
  name: requiredText(255),
  description: optionalText(2000).optional(),
  length: measureHundredths(),
  width: measureHundredths(),
  height: measureHundredths(),
  weight: measureHundredths(),
  is_active: flag().default(true),
  /**
   * The company's default package (its numbers start the AWB form): marking one unmarks the
   * company's others; left out, the mark stays as it is (a new package is not the default).
   */
  is_default: flag().optional(),
});
export type PackageInput = z.input<typeof packageBody>;

/** The status toggle: an update that sends only is_active. */
export const packageStatusBody = z.object({ is_active: flag() });

/** The status toggle rule is shared by every resource with is_active (status.ts). */
export { isStatusOnly } from './status.js';

const quantity = () =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v === '' || v === null ? undefined : v,
    z
      .number({ error: (i) => (i.input === undefined ? 'required' : 'invalid_number') })
      .int({ error: 'whole_number' })
      .min(MIN_ITEM_QUANTITY, { error: 'min' })
      .max(MAX_ITEM_QUANTITY, { error: 'max' }),
  );

/**
 * The whole list of a package's items, replacing what was there. The same product listed twice
 * is merged into one line with the quantities added (as the form's Add to Package does).
 */
export const packageItemsBody = z.object({
  package_id: idRef(),
  package_items: z
    .array(z.object({ product_id: idRef(), quantity: quantity() }), {
      error: (i) => (i.input === undefined ? 'required' : 'invalid'),
    })
    .max(MAX_PACKAGE_ITEMS, { error: 'package_items_too_many' }),
});
export type PackageItemsInput = z.input<typeof packageItemsBody>;

/** Same product twice → one line, quantities added (capped at the maximum); first appearance keeps its place. */
export function mergePackageItems(
  items: { product_id: number; quantity: number }[],
): { product_id: number; quantity: number }[] {
  const merged = new Map<number, number>();
  for (const it of items)
    merged.set(it.product_id, Math.min(MAX_ITEM_QUANTITY, (merged.get(it.product_id) ?? 0) + it.quantity));
  return [...merged].map(([product_id, q]) => ({ product_id, quantity: q }));
}

export interface PackageProduct {
  id: number;
  name: string;
  sku: string;
  description: string | null;
}

export interface PackageItem {
  package_id: number;
  product_id: number;
  quantity: number;
  product: PackageProduct;
}

/** A package as the API answers it: dimensions in cm and weight in kg, two decimals. */
export interface Package {
  id: number;
  company_id: number;
  name: string;
  description: string | null;
  length: number;
  width: number;
  height: number;
  weight: number;
  is_active: boolean;
  /** The company's default package: its numbers start the AWB form (at most one per company). */
  is_default: boolean;
  created_at: number;
  updated_at: number;
  /** Only in the answer of GET /package/{id}, package-item and updates. */
  items?: PackageItem[];
}

/** Quantity typed in the items table: 0 (or empty) becomes 1, negatives are ignored (keep the previous). */
export function nextItemQuantity(previous: number, typed: number | string): number {
  const n = typeof typed === 'number' ? typed : Number(String(typed).replace(',', '.'));
  if (typed === '' || Number.isNaN(n)) return previous;
  if (n < 0) return previous;
  if (n === 0) return MIN_ITEM_QUANTITY;
  return Math.min(MAX_ITEM_QUANTITY, Math.floor(n));
}

/** Add to Package: a product already present gets the quantity added, a new one is appended. */
export function addPackageItem<T extends { product_id: number; quantity: number }>(items: T[], added: T): T[] {
  const at = items.findIndex((i) => i.product_id === added.product_id);
  if (at === -1) return [...items, added];
  return items.map((i, n) =>
    n === at ? { ...i, quantity: Math.min(MAX_ITEM_QUANTITY, i.quantity + added.quantity) } : i,
  );
}
