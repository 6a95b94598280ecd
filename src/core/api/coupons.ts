import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { flag, moneyBani, requiredText, wholeNumber } from '../validation.js';
import { MAX_AMOUNT_BANI, MAX_DISCOUNT_QUANTITY, MAX_PERCENT_HUNDREDTHS } from './discounts.js';

/**
 * A company's coupons: a code the seller applies to an order. The type names are the applied
 * discounts' (amount or percentage), so an applied coupon reads like any other discount. The value
 * travels with two decimals (RON, or a percentage 0..100) and is stored in hundredths.
 */
export const COUPON_TYPES = ['percentage', 'amount'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** Create and update: code (kept as typed, matched ignoring case), type, value, uses allowed (empty: no limit), active. */
export const couponBody = z
  .object({
    code: requiredText(64).pipe(z.string().regex(/^[\p{L}\p{N}_-]+$/u, { error: 'coupon_code_chars' })),
    type: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: 'select_type' }).min(1, { error: 'select_type' }).pipe(z.enum(COUPON_TYPES)),
    ),
    value: z.preprocess(blank, moneyBani()),
    uses_allowed: z.preprocess(blank, wholeNumber({ min: 1, max: MAX_DISCOUNT_QUANTITY }).optional()),
    active: z.preprocess((v) => (v === undefined ? true : v), flag()),
  })
  .superRefine((d, ctx) => {
    if (typeof d.value !== 'number') return;
    if (d.type === 'percentage' && d.value > MAX_PERCENT_HUNDREDTHS)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'percent_max' });
    else if (d.type === 'amount' && d.value > MAX_AMOUNT_BANI)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'amount_too_large' });
  })
  .transform((d) => ({ ...d, uses_allowed: d.uses_allowed ?? null }));
export type CouponValues = z.output<typeof couponBody>;

/** A coupon as the API answers it: value as a two-decimal number, times in Unix seconds. */
export interface Coupon {
  id: number;
  company_id: number;
  code: string;
  type: CouponType;
  value: number;
  /** null: no limit. */
  uses_allowed: number | null;
  uses: number;
  active: boolean;
  created_at: number;
  updated_at: number;
}

registerMessages({
  en: {
    coupon_code_chars: 'Use letters, digits, "-" and "_" only.',
    coupon_code_taken: 'The company already has a coupon with this code.',
    coupon_unknown: 'No active coupon of the company has this code.',
    coupon_used_up: 'This coupon has no uses left.',
    coupon_already_applied: 'The order already has a coupon: remove it first.',
    coupon_none: 'The order has no coupon.',
  },
  ro: {
    coupon_code_chars: 'Folosiți doar litere, cifre, „-” și „_”.',
    coupon_code_taken: 'Compania are deja un cupon cu acest cod.',
    coupon_unknown: 'Niciun cupon activ al companiei nu are acest cod.',
    coupon_used_up: 'Acest cupon nu mai are utilizări disponibile.',
    coupon_already_applied: 'Comanda are deja un cupon: eliminați-l mai întâi.',
    coupon_none: 'Comanda nu are niciun cupon.',
  },
});

/** Applying a coupon to an order: its code. */
export const applyCouponBody = z.object({ code: requiredText(64) });
