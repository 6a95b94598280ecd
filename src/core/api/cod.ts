import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { flag } from '../validation.js';
import { listQuery } from './list.js';
import { AWB_COURIERS } from './shipping.js';

/**
 * Cash on delivery: what couriers collected for the company's AWBs and what they paid out.
 * `GET /api/v1/cod/summary?from&to` per courier, `GET /api/v1/cod/unpaid?days=N` the delivered
 * parcels still unpaid N days on (oldest first), `POST /api/v1/cod/import` a courier's settlement
 * file (`?preview=1` answers every row's match and saves nothing; a file with a row that cannot be
 * read is saved only with `accept_unreadable=1`), `POST /api/v1/cod/sync` asks
 * the couriers that publish their repayments, `GET|POST /api/v1/cod/settings` the company's N.
 * Amounts travel as lei with two decimals (stored in bani).
 */

/** How a settlement row met the company's AWBs. Only `exact` (and `amount_differs` when accepted) is saved. */
export const COD_MATCHES = [
  'exact',
  'amount_differs',
  'not_ours',
  'paid_twice',
  'already_recorded',
  'duplicate_row',
  'unreadable',
] as const;
export type CodMatch = (typeof COD_MATCHES)[number];

export const COD_DEFAULT_UNPAID_DAYS = 10;
export const COD_MAX_UNPAID_DAYS = 365;
/** The longest range a summary covers (a little over a year). */
export const COD_MAX_RANGE_DAYS = 400;

const day = () =>
  z
    .string({ error: 'date_format' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date_format' })
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        error: 'date_format',
      },
    );

const days = () =>
  z.coerce
    .number({ error: 'invalid_number' })
    .int({ error: 'whole_number' })
    .min(1, { error: 'min' })
    .max(COD_MAX_UNPAID_DAYS, { error: 'max' });

/** `from` and `to` (YYYY-MM-DD, both included); either may be left out (the last 30 days up to today). */
export const codRangeQuery = z.object({ from: day().optional(), to: day().optional() }).superRefine((q, ctx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'date_order' });
  else if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > COD_MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_too_long' });
});
export type CodRangeQuery = z.infer<typeof codRangeQuery>;

/** The list's page and items, with `days` (the company's setting when left out). */
export const codUnpaidQuery = listQuery.pick({ page: true, items: true }).extend({ days: days().optional() });
export type CodUnpaidQuery = z.infer<typeof codUnpaidQuery>;

export const codImportFields = z.object({
  courier: z.enum(AWB_COURIERS, { error: 'select_courier' }),
  /** Save the rows whose amount differs from the AWB's cash on delivery too (the user has looked at them). */
  accept_differences: flag().default(false),
  /**
   * Save the readable rows of a file that has rows that cannot be read (the user has seen them in the
   * preview); without it such a file is only previewed, nothing of it saved.
   */
  accept_unreadable: flag().default(false),
});

export const codSettingsBody = z.object({ unpaid_days: days() });

export interface CodSettings {
  unpaid_days: number;
}

/** One row of a settlement file and how it matched. Amounts in lei. */
export interface CodImportRow {
  /** The row's number in the file (the header is row 1). */
  line: number;
  awb: string | null;
  amount: number | null;
  fee: number | null;
  date: string | null;
  reference: string | null;
  match: CodMatch;
  /** The AWB's cash on delivery, for a row that found the company's AWB. */
  expected: number | null;
  order_id: number | null;
  /** What could not be read (a message key of the server catalogue), for `unreadable`. */
  problem: string | null;
  /** That message in the language of the request. */
  problem_message: string | null;
  /**
   * The text of the cell that could not be read, for `unreadable` (null when the cell is empty).
   * Like `awb` and `reference`, at most 80 characters of the file's text, then "…".
   */
  problem_text: string | null;
  /** Whether this import saved the row (never on a preview). */
  saved: boolean;
}

export interface CodImportResult {
  /** Nothing was saved: a preview asked for, or a file with unreadable rows not yet confirmed. */
  preview: boolean;
  /**
   * The file has rows that cannot be read and the import did not say `accept_unreadable=1`: nothing
   * is saved until it is sent again with it.
   */
  needs_confirmation: boolean;
  courier: string;
  rows: CodImportRow[];
  counts: Record<CodMatch, number>;
  saved: number;
}

export interface CodSummaryRow {
  courier: string;
  /** AWBs with cash on delivery made in the range. */
  parcels: number;
  /** Cash on delivery of the delivered ones: what the courier collected. */
  collected: number;
  paid_out: number;
  fees: number;
  /** Collected and neither paid out nor kept as a fee yet. */
  owed: number;
  /** Paid parcels whose payment and fee do not add up to their cash on delivery. */
  differences: number;
}

export interface CodSummary {
  from: string;
  to: string;
  currency: 'RON';
  couriers: CodSummaryRow[];
  total: Omit<CodSummaryRow, 'courier'>;
}

export interface CodUnpaid {
  order_id: number;
  courier: string;
  awb: string;
  cod: number;
  /** When the AWB was made (ms). */
  awb_created_at: number;
  days: number;
}

/** A paid parcel whose payment and fee do not add up to its cash on delivery. */
export interface CodDifference {
  order_id: number;
  courier: string;
  awb: string;
  expected: number;
  paid: number;
  fee: number;
  paid_on: string;
  reference: string;
}

export interface CodSyncResult {
  /** Per courier asked: how many paid parcels it reported and how many were new. */
  couriers: { courier: string; reported: number; saved: number; error: string | null }[];
  /** Couriers set up for the company that publish no repayment report (their file is imported). */
  file_only: string[];
}

/**
 * Couriers whose API publishes cash-on-delivery repayments (Cargus: CashAccount/GetByDate; DPD:
 * payments; FAN Courier: reports/bank-transfers).
 */
export const COD_API_COURIERS = ['cargus', 'dpd', 'fan'] as const;

registerMessages({
  en: {
    date_format: 'Enter a date as YYYY-MM-DD.',
    date_order: 'The end of the range must not be before its start.',
    range_too_long: 'Choose a range of at most 400 days.',
    cod_file_required: 'Choose the settlement file (CSV or XLSX).',
    cod_file_too_large: 'The file is too large (at most 5 MB).',
    cod_file_columns:
      'The file has no column for: {{columns}}. Name them awb, amount, date and reference (or as the courier writes them in Romanian).',
    cod_file_empty: 'The file has no rows.',
    cod_file_rows: 'The file has too many rows (at most 20,000).',
    cod_row_awb: 'The AWB is missing.',
    cod_row_amount: 'The amount is not a number with at most two decimals (at most 10,000,000).',
    cod_row_fee: 'The fee is not a number with at most two decimals (at most 10,000,000).',
    cod_row_date: 'The date is not a date (YYYY-MM-DD or DD.MM.YYYY).',
    cod_row_reference: 'The payment reference is missing.',
    cod_row_reference_long: 'The payment reference is longer than 100 characters.',
    cod_row_too_long:
      'A cell of this row is longer than 500 characters: it is not an AWB, an amount, a date or a reference.',
  },
  ro: {
    date_format: 'Introduceți data ca AAAA-LL-ZZ.',
    date_order: 'Sfârșitul intervalului nu poate fi înaintea începutului.',
    range_too_long: 'Alegeți un interval de cel mult 400 de zile.',
    cod_file_required: 'Alegeți fișierul de decont (CSV sau XLSX).',
    cod_file_too_large: 'Fișierul este prea mare (cel mult 5 MB).',
    cod_file_columns:
      'Fișierul nu are coloană pentru: {{columns}}. Numiți-le awb, amount, date și reference (sau cum le scrie curierul în română).',
    cod_file_empty: 'Fișierul nu are rânduri.',
    cod_file_rows: 'Fișierul are prea multe rânduri (cel mult 20.000).',
    cod_row_awb: 'Lipsește AWB-ul.',
    cod_row_amount: 'Suma nu este un număr cu cel mult două zecimale (cel mult 10.000.000).',
    cod_row_fee: 'Comisionul nu este un număr cu cel mult două zecimale (cel mult 10.000.000).',
    cod_row_date: 'Data nu este o dată (AAAA-LL-ZZ sau ZZ.LL.AAAA).',
    cod_row_reference: 'Lipsește referința plății.',
    cod_row_reference_long: 'Referința plății are mai mult de 100 de caractere.',
    cod_row_too_long:
      'O celulă a acestui rând are mai mult de 500 de caractere: nu este un AWB, o sumă, o dată sau o referință.',
  },
});
