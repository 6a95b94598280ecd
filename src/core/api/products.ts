import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { flag, idRef, MAX_STOCK, moneyBani, optionalText, requiredText, wholeNumber } from '../validation.js';

/** The sale types and currencies a product can have: the product form offers exactly these. */
export const SALE_TYPES = ['Bucata', 'Set', 'Pachet', 'Bax', 'Palet'] as const;
export const CURRENCIES = ['RON', 'USD', 'EUR', 'GBP'] as const;
/** The highest VAT rate a product may carry (whole percent). */
export const MAX_VAT_RATE = 100;
export type SaleType = (typeof SALE_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];

/** Largest image accepted (bytes), checked by the server from the bytes received. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Image types accepted, recognised by their magic bytes (never by the name or the client's type). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional field that forms may send empty: '' and null mean "not given". */
const optionalField = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());
/** One of a fixed list; missing answers "required", a wrong value "choose one of". */
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.string({ error: 'required' }).pipe(z.enum(values)));

/**
 * Fields of the product form (multipart form data or JSON). Stock and selling price are optional
 * here because a product with variations has none; `productBodyFor(false)` requires them.
 */
export const productBody = z.object({
  company_id: optionalField(idRef()),
  parent_id: z.preprocess((v) => (v === '' || v === 'null' || v === undefined ? null : v), idRef().nullable()),
  name: requiredText(255),
  description: optionalText(5000).optional(),
  sku: requiredText(100),
  sale_type: oneOf(SALE_TYPES),
  stock: optionalField(wholeNumber({ max: MAX_STOCK })),
  selling_price: optionalField(moneyBani()),
  buying_price: moneyBani(),
  currency: oneOf(CURRENCIES),
  /**
   * The product's VAT rate in whole percent (0 to 100); empty or null: the company's default (the
   * SmartBill rate; a variation: its parent's first). Not sent on an update: the stored one stays.
   */
  vat_rate: z.preprocess(
    (v) => (v === '' || v === 'null' || v === null ? null : v),
    wholeNumber({ max: MAX_VAT_RATE }).nullable().optional(),
  ),
  /** `1`/`true` removes the stored image (ignored when a new image is sent with the same request). */
  remove_image: optionalField(flag()),
});
export type ProductInput = z.input<typeof productBody>;

/** The same fields for a product without variations: stock and selling price are required. */
export const productBodyOwnStock = productBody.extend({
  stock: wholeNumber({ max: MAX_STOCK }),
  selling_price: moneyBani(),
});

/** The schema for a product that has variations (stock and price not stored) or not. */
export const productBodyFor = (hasVariations: boolean) => (hasVariations ? productBody : productBodyOwnStock);
export type ProductFields = z.output<typeof productBody>;

/** A product as the API answers it. Money in decimal units, times in Unix seconds. */
export interface Product {
  id: number;
  company_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  sku: string;
  sale_type: SaleType;
  /** null for a product with variations (each variation has its own). */
  stock: number | null;
  /** null for a product with variations. */
  selling_price: number | null;
  buying_price: number | null;
  currency: Currency;
  /** Whole percent, or null: the company's default rate (a variation: its parent's first). */
  vat_rate: number | null;
  /** URL of the image (signed, valid for at least an hour), or null. */
  image: string | null;
  /** Child products (empty for a variation or a product without variations). */
  variations: Product[];
  created_at: number;
  updated_at: number;
}

/** The sum of the variations' stock and the range of their selling prices, for a parent's row. */
export function variationSummary(p: Pick<Product, 'variations'>): {
  stock: number;
  minPrice: number | null;
  maxPrice: number | null;
} {
  let stock = 0;
  let minPrice: number | null = null;
  let maxPrice: number | null = null;
  for (const v of p.variations) {
    stock += v.stock ?? 0;
    if (v.selling_price !== null) {
      minPrice = minPrice === null ? v.selling_price : Math.min(minPrice, v.selling_price);
      maxPrice = maxPrice === null ? v.selling_price : Math.max(maxPrice, v.selling_price);
    }
  }
  return { stock, minPrice, maxPrice };
}

registerMessages({
  en: {
    sku_taken: 'This SKU is already used by another product of the company.',
    parent_not_found: 'The parent product does not exist in this company.',
    parent_is_variation: 'A variation cannot have variations of its own: choose a top-level product.',
    parent_locked: 'The parent of a product cannot be changed.',
    company_locked: 'The company of a product cannot be changed.',
    company_of_parent: 'A variation belongs to the company of its parent.',
    company_not_yours: 'Choose one of your companies.',
    has_variations_no_stock: 'A product with variations has no own stock: set it on each variation.',
    has_variations_no_price: 'A product with variations has no own selling price: set it on each variation.',
    image_type: 'The image must be a PNG, JPEG or WebP file.',
    image_too_large: 'The image must be at most 5 MB.',
    image_link_invalid: 'This image link is not valid or has expired.',
  },
  ro: {
    sku_taken: 'Acest SKU este deja folosit de alt produs al companiei.',
    parent_not_found: 'Produsul părinte nu există în această companie.',
    parent_is_variation: 'O variație nu poate avea variații proprii: alegeți un produs principal.',
    parent_locked: 'Produsul părinte nu poate fi schimbat.',
    company_locked: 'Compania unui produs nu poate fi schimbată.',
    company_of_parent: 'O variație aparține companiei produsului părinte.',
    company_not_yours: 'Alegeți una dintre companiile dumneavoastră.',
    has_variations_no_stock: 'Un produs cu variații nu are stoc propriu: setați-l pe fiecare variație.',
    has_variations_no_price: 'Un produs cu variații nu are preț de vânzare propriu: setați-l pe fiecare variație.',
    image_type: 'Imaginea trebuie să fie un fișier PNG, JPEG sau WebP.',
    image_too_large: 'Imaginea poate avea cel mult 5 MB.',
    image_link_invalid: 'Linkul imaginii nu este valid sau a expirat.',
  },
});
