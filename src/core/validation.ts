import { z } from 'zod';
import { toBani, hasAtMostTwoDecimals } from './money.js';

/**
 * Building blocks for request schemas shared by server and forms. Messages are keys of the
 * catalogue in messages.ts; `fieldErrors` turns Zod issues into `{field: [text]}` in a language.
 */

/**
 * Bounds of every number a request may carry, so that no value reaches the database that its
 * column cannot hold (PostgreSQL answered 500 to an id of 2^31; SQLite stored 1e25 as a float in
 * a column of whole bani).
 */
/** Ids are 32-bit integer columns on PostgreSQL. */
export const MAX_ID = 2_147_483_647;
/** The largest amount of money anything may carry: 10,000,000.00 RON, in bani. */
export const MAX_MONEY_BANI = 10_000_000_00;
/** Stock of one product: ten million units. */
export const MAX_STOCK = 10_000_000;
/** A page number; with 1,000 rows a page that is already far beyond any list. */
export const MAX_PAGE = 1_000_000;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'required' }).min(1, { error: 'required' }).max(max, { error: 'too_long' }),
  );

/** An optional text: empty becomes null. */
export const optionalText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v ?? null)),
    z.string().max(max, { error: 'too_long' }).nullable(),
  );

/** A boolean that also accepts the strings multipart forms send. */
export const flag = () =>
  z.preprocess(
    (v) => {
      if (v === 'true' || v === '1' || v === 1) return true;
      if (v === 'false' || v === '0' || v === 0) return false;
      return v;
    },
    z.boolean({ error: 'invalid' }),
  );

/** A number given as a number or numeric text. */
const numeric = (v: unknown) => {
  const e = emptyToUndefined(v);
  if (typeof e === 'string' && /^-?\d+(?:[.,]\d+)?$/.test(e.trim())) return Number(e.trim().replace(',', '.'));
  return e;
};

export const wholeNumber = (opts: { min?: number; max?: number } = {}) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (i) => (i.input === undefined ? 'required' : 'invalid_number') })
      .int({ error: 'whole_number' })
      .min(opts.min ?? 0, { error: opts.min === undefined || opts.min === 0 ? 'not_negative' : 'min' })
      .max(opts.max ?? MAX_ID, { error: 'max' }),
  );

/** A money amount (two decimals, not negative) converted to integer bani. */
export const moneyBani = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : emptyToUndefined(v)),
      z.union([z.number(), z.string()], { error: (i) => (i.input === undefined ? 'required' : 'invalid_number') }),
    )
    .superRefine((v, ctx) => {
      if (typeof v === 'string' && !/^-?\d+(?:\.\d+)?$/.test(v))
        ctx.addIssue({ code: 'custom', message: 'invalid_number' });
      else if (Number(v) < 0) ctx.addIssue({ code: 'custom', message: 'not_negative' });
      else if (Number(v) * 100 > MAX_MONEY_BANI) ctx.addIssue({ code: 'custom', message: 'amount_too_large' });
      else if (!hasAtMostTwoDecimals(v)) ctx.addIssue({ code: 'custom', message: 'two_decimals' });
    })
    .transform((v) => toBani(v));

export const idRef = () =>
  z.preprocess(
    numeric,
    z
      .number({ error: (i) => (i.input === undefined ? 'required' : 'invalid') })
      .int()
      .positive({ error: 'invalid' })
      .max(MAX_ID, { error: 'invalid' }),
  );

export const email = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .max(255, { error: 'too_long' })
      .pipe(z.email({ error: 'invalid_email' })),
  );

/**
 * Where a request carries a NUL character (`\u0000`) in any text: PostgreSQL cannot store one in
 * a text column and answered 500. Answers the paths of the fields (`name`, `items.0.sku`), at
 * most a few; the parser refuses them with a 422 on each field.
 */
export function fieldsWithNul(input: unknown, path = '', found: string[] = [], depth = 0): string[] {
  if (found.length >= 5 || depth > 20) return found;
  if (typeof input === 'string') {
    if (input.includes('\u0000')) found.push(path || '_');
  } else if (Array.isArray(input)) {
    input.forEach((v, i) => fieldsWithNul(v, path ? `${path}.${i}` : String(i), found, depth + 1));
  } else if (input && typeof input === 'object' && !ArrayBuffer.isView(input)) {
    // Any object, whatever its prototype (Fastify's query objects have their own); bytes are not text.
    for (const [k, v] of Object.entries(input)) {
      if (k.includes('\u0000')) found.push(path ? `${path}.${k}` : k);
      fieldsWithNul(v, path ? `${path}.${k}` : k, found, depth + 1);
    }
  }
  return found;
}

export { fieldErrors, type FieldErrors } from './fieldErrors.js';
