import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { MAX_MONEY_BANI, moneyBani, wholeNumber } from '../validation.js';
import { selectedRef } from './sources.js';

/**
 * Order discounts (triggered by an order value threshold) and product discounts (triggered by a
 * quantity of a product). A value travels as a decimal with two decimals: RON for 'amount', a
 * percentage for 'percentage' (0..100); it is stored as an integer in hundredths (bani, or
 * hundredths of a percent). A 'shipping' discount (free shipping) has no value: none is stored.
 */
export const DISCOUNT_TYPES = ['percentage', 'amount', 'shipping'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** 100 % in hundredths. */
export const MAX_PERCENT_HUNDREDTHS = 100_00;
/** A ceiling for amounts (10 000 000.00 RON), far above any real order, far below integer limits. */
export const MAX_AMOUNT_BANI = MAX_MONEY_BANI;
export const MAX_DISCOUNT_QUANTITY = 1_000_000;

const discountType = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'select_type' }).min(1, { error: 'select_type' }).pipe(z.enum(DISCOUNT_TYPES)),
  );

/** An optional money-like decimal: empty or null means "not given". */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optionalDecimal = () => z.preprocess(blankToUndefined, moneyBani().optional());

interface ValueShape {
  type: DiscountType;
  value?: number | undefined;
}

/**
 * Value rules shared by both kinds: required unless shipping (also while no type is chosen), at most
 * 100 % or the amount ceiling.
 * Runs even when other fields failed (so the form shows every message at once); it then looks only
 * at fields that parsed.
 */
function checkValue(d: ValueShape, ctx: z.RefinementCtx): void {
  if (d.type === 'shipping') return;
  // No type chosen yet: two of the three types need a value, so an empty value is flagged with the rest.
  if (!DISCOUNT_TYPES.includes(d.type)) {
    if (d.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
    return;
  }
  if (d.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
  else if (typeof d.value !== 'number') return;
  else if (d.type === 'percentage' && d.value > MAX_PERCENT_HUNDREDTHS)
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'percent_max' });
  else if (d.type === 'amount' && d.value > MAX_AMOUNT_BANI)
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'amount_too_large' });
}
const always = { when: () => true };

const withoutShippingValue = <T extends ValueShape>(d: T) => ({
  ...d,
  value: d.type === 'shipping' ? null : (d.value ?? null),
});

const orderValue = () =>
  z.preprocess(blankToUndefined, moneyBani()).refine((v) => v <= MAX_AMOUNT_BANI, { error: 'amount_too_large' });

const orderDiscountFields = {
  type: discountType(),
  order_value: orderValue(),
  value: optionalDecimal(),
};

/** Create: type, order_value, value (not for shipping), company_id, source_id. Output money in bani. */
export const orderDiscountBody = z
  .object({
    ...orderDiscountFields,
    company_id: selectedRef('select_company'),
    source_id: selectedRef('select_source'),
  })
  .superRefine(checkValue, always)
  .transform(withoutShippingValue);
export type OrderDiscountInput = z.input<typeof orderDiscountBody>;

/** Update: type, order_value, value only (the source and company stay). */
export const orderDiscountUpdateBody = z
  .object(orderDiscountFields)
  .superRefine(checkValue, always)
  .transform(withoutShippingValue);

/** Create and update: product, type, quantity, value (0 allowed; none for shipping). */
export const productDiscountBody = z
  .object({
    product_id: selectedRef('select_product'),
    type: discountType(),
    quantity: z
      .preprocess(blankToUndefined, wholeNumber())
      .refine((v) => v <= MAX_DISCOUNT_QUANTITY, { error: 'quantity_too_large' }),
    value: optionalDecimal(),
  })
  .superRefine(checkValue, always)
  .transform(withoutShippingValue);
export type ProductDiscountInput = z.input<typeof productDiscountBody>;

export interface OrderDiscount {
  id: number;
  type: DiscountType;
  /** RON, two decimals. */
  order_value: number;
  /** RON for amount, percent for percentage, null for shipping. */
  value: number | null;
  company_id: number;
  source_id: number;
  source: { id: number; source: string };
  created_at: number;
  updated_at: number;
}

export interface ProductDiscount {
  id: number;
  product_id: number;
  product: { id: number; name: string; sku: string };
  type: DiscountType;
  quantity: number;
  value: number | null;
  created_at: number;
  updated_at: number;
}

registerMessages({
  en: {
    select_source: 'Please select a source',
    select_product: 'Please select a product',
    select_type: 'Please select a type',
    invalid_source: 'Invalid source selected',
    invalid_product: 'Invalid product',
    percent_max: 'A percentage cannot be above 100.',
    quantity_too_large: 'The quantity is too large.',
  },
  ro: {
    select_source: 'Vă rugăm să selectați o sursă',
    select_product: 'Vă rugăm să selectați un produs',
    select_type: 'Vă rugăm să selectați un tip',
    invalid_source: 'Sursa selectată nu este validă',
    invalid_product: 'Produs invalid',
    percent_max: 'Un procent nu poate depăși 100.',
    quantity_too_large: 'Cantitatea este prea mare.',
  },
});
