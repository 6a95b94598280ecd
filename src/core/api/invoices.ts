import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { idRef } from '../validation.js';
import { MAX_LINE_QUANTITY } from '../orders/statuses.js';

/**
 * The SmartBill invoice calls on an order:
 * `POST /api/v1/order/{id}/create-invoice`, `GET .../download-invoice` (PDF), `POST .../cancel-invoice`,
 * `POST .../delete-invoice`, `POST .../storno-invoice` with `order_products: [{id, quantity}]`.
 */

/**
 * Storno is allowed only for an invoice last updated more than one day ago (counted from its last
 * change, `updated_at`; exactly one day is not yet enough).
 */
export const STORNO_MIN_AGE_SECONDS = 86_400;

export const stornoAllowed = (invoiceUpdatedAt: number | null | undefined, nowSeconds: number): boolean =>
  typeof invoiceUpdatedAt === 'number' && nowSeconds - invoiceUpdatedAt > STORNO_MIN_AGE_SECONDS;

/** A line of the order's invoice: what was invoiced and how much of it has been reversed so far. */
export interface InvoiceLineState {
  /** The order line (order_products.id) the invoice line was made from; null for shipping and discount lines. */
  order_product_id: number | null;
  name: string;
  quantity: number;
  /** Reversed by storno documents so far (never more than quantity). */
  reversed: number;
}

/** The order's current invoice (the one its bill_number names). */
export interface OrderInvoice {
  series: string;
  number: string;
  /** issued, cancelled (voided at SmartBill, keeps its number), storno (fully reversed), partially_storno. */
  status: 'issued' | 'cancelled' | 'storno' | 'partially_storno';
  issued_at: number;
  /** The last change of the invoice (issue, cancel, storno): the storno day counts from it. */
  updated_at: number;
  /** Total in RON. */
  total: number;
  lines: InvoiceLineState[];
  /** The storno documents issued against it, oldest first (totals negative). */
  stornos: { series: string; number: string; issued_at: number; total: number }[];
}

/**
 * A document SmartBill issued for the order: its invoice (the current one, or one cancelled
 * there, which keeps its number) or a storno document reversing it in whole or in part. Each one
 * can be downloaded (`GET /order/{id}/download-invoice?document={id}`).
 */
export interface InvoiceDocument {
  id: number;
  kind: 'invoice' | 'storno';
  series: string;
  number: string;
  /** An invoice: issued, partially_storno, storno, cancelled; a storno document: issued. */
  status: 'issued' | 'cancelled' | 'storno' | 'partially_storno';
  /** A storno document: the invoice it reverses ("FCT 0001") and whether it reverses all that was left. */
  reverses: string | null;
  full_reversal: boolean;
  issued_at: number;
  /** Signed: a storno document's total is negative. */
  total: number;
  currency: string;
}

/** `GET /order/{id}/download-invoice?document={id}`: one of the order's documents; without it, its invoice. */
export const downloadQuery = z.object({ document: idRef().optional() });

/** The storno selection: at least one product line with a quantity from 1 to what is left to reverse. */
export const stornoBody = z.object({
  order_products: z
    .array(
      z.object({
        id: idRef(),
        quantity: z.coerce
          .number({ error: 'invalid_number' })
          .int({ error: 'whole_number' })
          .min(0, { error: 'not_negative' })
          .max(MAX_LINE_QUANTITY, { error: 'max' }),
      }),
      { error: 'no_valid_products' },
    )
    .max(1000, { error: 'max' }),
});
export type StornoInput = z.output<typeof stornoBody>;

registerMessages({
  en: {
    no_valid_products: 'No valid products selected',
    no_products_selected: 'No products selected',
    storno_too_soon: 'Storno is possible only for an invoice last changed more than one day ago.',
  },
  ro: {
    no_valid_products: 'Nu ați selectat produse valide',
    no_products_selected: 'Nu ați selectat niciun produs',
    storno_too_soon: 'Stornarea este posibilă doar pentru o factură modificată ultima dată acum mai mult de o zi.',
  },
});
