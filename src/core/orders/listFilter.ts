import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { AWB_COURIERS, COURIER_STATUSES } from './couriers.js';
import { INVOICE_STATUSES, LEGACY_INVOICE_STATUSES, ORDER_STATUSES } from './statuses.js';
import { listQuery } from '../api/list.js';
import { MAX_ID } from '../validation.js';

/**
 * The one definition of "which orders": the orders list, its tab counts, the selection of a bulk
 * action and the export all read it, so what is acted on is what was on screen. Its input is the
 * list's query parameters as text (an empty value is no filter), or the same filter in a JSON
 * body with its numbers and yes/no values typed; an unknown value is refused on its own field
 * (422), never ignored.
 */

/**
 * A value of a JSON body as the query string would carry it: a bulk selection sends the list's
 * filter as JSON, where a number is typed (`"source": 5`), and it means what its text does in the
 * URL. Anything else is left to the field's own check.
 */
const numberAsText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** Whether a yes/no filter is set: `1` yes, `0` no (in JSON also `true` / `false`, `1` / `0`). */
const yesNo = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'boolean' ? (v ? '1' : '0') : numberAsText(v)),
    z
      .enum(['1', '0'])
      .transform((v) => v === '1')
      .optional(),
  );

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
const day = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: 'invalid_day' }).refine(isDay, { error: 'invalid_day' }).optional(),
  );

export function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The day after `YYYY-MM-DD` (the exclusive end of an inclusive "to" day). */
export function nextDay(text: string): string {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const filterShape = {
  /** A phone number, an order id, or part of the customer's name or email. */
  search: z.preprocess(
    numberAsText,
    z
      .string()
      .max(200, { error: 'too_long' })
      .optional()
      .transform((s) => s?.trim() ?? ''),
  ),
  /** An order status; `storno` / `partially_storno` (the statuses of older clients) filter the invoice status. */
  status: optionalEnum([...ORDER_STATUSES, ...LEGACY_INVOICE_STATUSES] as const),
  invoice_status: optionalEnum(INVOICE_STATUSES),
  courier: optionalEnum(AWB_COURIERS),
  courier_status: optionalEnum(COURIER_STATUSES),
  /** A source id of the company; one of another company simply matches nothing. */
  source: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : numberAsText(v)),
      z
        .string({ error: 'invalid' })
        .regex(/^\d{1,10}$/, { error: 'invalid' })
        .transform(Number)
        .refine((n) => n >= 1 && n <= MAX_ID, { error: 'invalid' })
        .optional(),
    )
    .optional(),
  /** Inclusive Bucharest days of the order's creation. */
  created_from: day(),
  created_to: day(),
  has_awb: yesNo(),
  has_invoice: yesNo(),
  /** `1`: the order's customer carries a flag (any company's); `0`: carries none. */
  flagged: yesNo(),
  /** `1`: the order's address needs a person's look before an AWB ("to check"); `0`: it needs none. */
  address_check: yesNo(),
  /** `1`: the order's parcel needs the seller's attention (refused, returning, a failed attempt, not moving); `0`: not. */
  attention: yesNo(),
};

const dayRange = (f: { created_from?: string; created_to?: string }, ctx: z.RefinementCtx) => {
  if (f.created_from && f.created_to && f.created_to < f.created_from)
    ctx.addIssue({ code: 'custom', path: ['created_to'], message: 'day_range_order' });
};

export const orderListFilterSchema = z.object(filterShape).superRefine(dayRange);

/** `GET /api/v1/order` and the export: the filter, and the page, its size and the order. */
export const orderListQuery = z
  .object({
    ...filterShape,
    // The page, its size and the company as every list takes them.
    page: listQuery.shape.page,
    items: listQuery.shape.items,
    company_id: listQuery.shape.company_id,
    sort: z.enum(['-created_at', 'created_at']).default('-created_at'),
  })
  .superRefine(dayRange);
export type OrderListQuery = z.output<typeof orderListQuery>;

export type OrderListFilter = z.output<typeof orderListFilterSchema>;

/** The filter's fields, as the URL and the API name them. */
export const ORDER_FILTER_KEYS = [
  'search',
  'status',
  'invoice_status',
  'courier',
  'courier_status',
  'source',
  'created_from',
  'created_to',
  'has_awb',
  'has_invoice',
  'flagged',
  'address_check',
  'attention',
] as const satisfies readonly (keyof OrderListFilter)[];

/** Whether anything beyond the status tab narrows the list (then counts are counted, not kept). */
export function narrows(f: OrderListFilter): boolean {
  if (isLegacyInvoiceStatus(f.status)) return true;
  return ORDER_FILTER_KEYS.some((k) => k !== 'status' && k !== 'search' && f[k] !== undefined) || f.search !== '';
}

/** `status=storno` / `status=partially_storno`: the invoice status, as clients before it had its own filter asked. */
export function isLegacyInvoiceStatus(status: string | undefined): status is (typeof LEGACY_INVOICE_STATUSES)[number] {
  return (LEGACY_INVOICE_STATUSES as readonly (string | undefined)[]).includes(status);
}

/** The filter back as query parameters (text), for a URL or a bulk selection. */
export function filterParams(f: OrderListFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ORDER_FILTER_KEYS) {
    const v = f[k];
    if (v === undefined || v === '') continue;
    out[k] = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  }
  return out;
}

registerMessages({
  en: {
    invalid_day: 'Enter a date as YYYY-MM-DD.',
    day_range_order: 'The end date cannot be before the start date.',
  },
  ro: {
    invalid_day: 'Introduceți o dată de forma AAAA-LL-ZZ.',
    day_range_order: 'Data de sfârșit nu poate fi înaintea datei de început.',
  },
});
