import { z } from 'zod';
import { isValidCui, normalizeCui } from '../cui.js';
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
  created_at: number;
  updated_at: number;
}

export interface Notification {
  id: number;
  title: string;
  description: string;
  type: string;
  created_at: number;
  read: boolean;
  /** The order the notification is about (it links to it), or null. */
  order_id: number | null;
}

export interface ChangelogEntry {
  id: number;
  title: string;
  description: string;
  type: 'notice' | 'warning' | 'success' | 'error' | 'none';
  created_at: number;
}
