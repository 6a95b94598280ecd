import { z } from 'zod';
import { isValidCui, normalizeCui } from '../cui.js';
import { registerMessages } from '../messages.js';
import { parseRate } from '../orders/currency.js';
import { flag, moneyBani, optionalText, requiredText } from '../validation.js';

export const companyBody = z.object({
  name: requiredText(255),
  vat_number: requiredText(20)
    .transform((v) => normalizeCui(v))
    .refine((v) => isValidCui(v), { error: 'invalid_cui' }),
  administrator_name: requiredText(255),
  vat_payer: flag().default(false),
  active: flag().default(true),
  address: optionalText(255).optional(),
  city: optionalText(100).optional(),
  county: optionalText(100).optional(),
  /** Default client shipping cost of new orders, RON (stored in bani); 0 when never set. */
  shipping_cost: z.preprocess((v) => (v === '' || v === null ? undefined : v), moneyBani().optional()),
  /**
   * The company's EUR rate (lei per euro, up to four decimals), used for a line in euros when no
   * BNR rate of the last 7 days is known; stored in ten-thousandths. Absent: unchanged; '' or null: none.
   */
  eur_rate: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z.union([z.null(), z.number(), z.string()], { error: 'invalid_rate' }).optional(),
    )
    .transform((v, ctx) => {
      if (v === undefined || v === null) return v;
      const rate = parseRate(v);
      if (rate === null || rate > 100 * 10_000) {
        ctx.addIssue({ code: 'custom', message: 'invalid_rate' });
        return z.NEVER;
      }
      return rate;
    }),
});
export type CompanyInput = z.input<typeof companyBody>;

export interface Company {
  id: number;
  name: string;
  vat_number: string;
  vat_payer: boolean;
  administrator_name: string;
  active: boolean;
  address: string | null;
  city: string | null;
  county: string | null;
  /** RON. */
  shipping_cost: number;
  /** Lei per euro the company set (four decimals), or null; when it was set (Unix seconds). */
  eur_rate: number | null;
  eur_rate_set_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * What "clear" takes off the user's notifications page and bell: every notification (`all`) or
 * the ones already read (`read`). Only for that user: a notification is the company's, and a
 * colleague keeps seeing it.
 */
export const NOTIFICATION_CLEAR_SCOPES = ['all', 'read'] as const;
export const clearNotificationsBody = z.object({
  scope: z.enum(NOTIFICATION_CLEAR_SCOPES, { error: 'invalid' }),
});

export interface Notification {
  id: number;
  title: string;
  description: string;
  type: string;
  created_at: number;
  read: boolean;
  /** The order the notification is about, or null (also null once the order is deleted). */
  order_id: number | null;
  /**
   * The console's page the notification is about, a path of the web app (`/orders/12`,
   * `/orders?created_from=2026-11-20`, `/products`, `/integrations`), or null when it names nothing
   * to open (or the order it names was deleted): every link leads to something that exists.
   */
  link: string | null;
}

export interface ChangelogEntry {
  id: number;
  title: string;
  description: string;
  type: 'notice' | 'warning' | 'success' | 'error' | 'none';
  created_at: number;
}

registerMessages({
  en: {
    invalid_rate: 'Enter a rate in lei per euro, greater than 0, with at most four decimals (e.g. 4.9771).',
    vat_number_taken: 'The company “{{name}}” already has this tax id (CUI).',
  },
  ro: {
    vat_number_taken: 'Compania „{{name}}” are deja acest cod fiscal (CUI).',
    invalid_rate:
      'Introduceți un curs în lei pentru un euro, mai mare ca 0, cu cel mult patru zecimale (de exemplu 4,9771).',
  },
});
