import { z } from 'zod';
import { ibanProblem, normalizeIban } from '../iban.js';
import { registerMessages } from '../messages.js';
import { optionalText, requiredText } from '../validation.js';

/** Sources offered on the return form: page 1 with 1000 per page, so every source of the company is offered at once. */
export const RETURN_SOURCES_PAGE_SIZE = 1000;

registerMessages({
  en: {
    return_select_source: 'Please select a source',
    return_invalid_source: 'Invalid source selected',
    return_invalid_phone: 'Enter a valid phone number: 6 to 15 digits, optionally starting with +.',
    iban_format: 'An IBAN starts with the two letters of its country and two check digits, then letters and digits.',
    iban_country: 'IBANs of this country are not supported.',
    iban_length: 'This IBAN has the wrong number of characters for its country.',
    iban_bban: 'The account part of this IBAN does not match its country’s format.',
    iban_checksum: 'The IBAN check digits do not match: look for a typing mistake.',
  },
  ro: {
    return_select_source: 'Selectați o sursă',
    return_invalid_source: 'Sursa selectată nu este validă',
    return_invalid_phone: 'Introduceți un număr de telefon valid: între 6 și 15 cifre, opțional cu + în față.',
    iban_format: 'Un IBAN începe cu cele două litere ale țării și două cifre de control, urmate de litere și cifre.',
    iban_country: 'IBAN-urile din această țară nu sunt acceptate.',
    iban_length: 'Acest IBAN nu are numărul corect de caractere pentru țara sa.',
    iban_bban: 'Partea de cont a acestui IBAN nu respectă formatul țării sale.',
    iban_checksum: 'Cifrele de control ale IBAN-ului nu se potrivesc: verificați dacă există o greșeală de tastare.',
  },
});

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A phone number as people type it: digits with spaces, dots, dashes, brackets, an optional leading +. */
export const phoneNumber = () =>
  requiredText(30).refine((v) => v === '' || (/^\+?[\d\s().-]+$/.test(v) && /^\d{6,15}$/.test(v.replace(/\D/g, ''))), {
    error: 'return_invalid_phone',
  });

/** An IBAN, normalised (no spaces, upper case) and checked: country format and mod-97 check digits. */
export const iban = () =>
  requiredText(64)
    .transform((v) => normalizeIban(v))
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : ibanProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `iban_${problem}` });
    });

/** Optional email: empty is null, anything else must be a valid address. */
export const optionalEmail = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toLowerCase()) : (v ?? null)),
    z
      .string()
      .max(255, { error: 'too_long' })
      .pipe(z.email({ error: 'invalid_email' }))
      .nullable(),
  );

/** The fields of a return request that both create and update take. */
const fields = {
  full_name: requiredText(255),
  phone_number: phoneNumber(),
  email: optionalEmail().optional(),
  bill_number: optionalText(100).optional(),
  iban: iban(),
  reason: optionalText(500).optional(),
  details: optionalText(5000).optional(),
};

/** Create: the source travels by its name, resolved by the server to a source of the selected company. */
export const returnRequestCreateBody = z.object({
  ...fields,
  source: z.preprocess(
    (v) => (trimmed(v) === '' || v === null ? undefined : trimmed(v)),
    z
      .string({ error: (i) => (i.input === undefined ? 'return_select_source' : 'return_invalid_source') })
      .max(255, { error: 'return_invalid_source' }),
  ),
});
export type ReturnRequestCreateInput = z.input<typeof returnRequestCreateBody>;

/** Update: the source is read-only (anything sent as source or source_id is ignored). */
export const returnRequestUpdateBody = z.object(fields);
export type ReturnRequestUpdateInput = z.input<typeof returnRequestUpdateBody>;

export interface ReturnRequest {
  id: number;
  company_id: number;
  source_id: number;
  /** The source's row, resolved; null only if it vanished. */
  source: { id: number; source: string } | null;
  full_name: string;
  phone_number: string;
  email: string | null;
  bill_number: string | null;
  /** Normalised: no spaces, upper case. Show it with formatIban(). */
  iban: string;
  reason: string | null;
  details: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * The date of a return request: the spec's en-US short date and time in English ("11/21/26, 4:52 PM");
 * in Romanian the Romanian form ("21.11.2026, 16:52"), as "11/8/26" reads as 11 August to a Romanian.
 */
export function formatReturnDate(seconds: number, lang: string, timeZone?: string): string {
  const date = new Date(seconds * 1000);
  if (lang.startsWith('ro'))
    return date.toLocaleString('ro-RO', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
  return date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short', timeZone });
}
