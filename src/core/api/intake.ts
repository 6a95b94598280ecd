import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { MAX_LINE_QUANTITY } from '../orders/statuses.js';
import { flag, idRef, moneyBani, optionalText, requiredText, wholeNumber } from '../validation.js';
import { listQuery } from './list.js';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from './orders.js';
import { selectedRef } from './sources.js';

/**
 * Orders that arrive by themselves: a shop (or any program) pushes them to the intake API signed
 * with its source's intake key, or the seller imports a CSV or XLSX file. Every push and every
 * imported order is kept in the inbox as received; what cannot be created as sent waits there
 * ("held") with its problems until the seller retries or dismisses it.
 */

/** The headers of a push: the key's id, the Unix time of the signature, `sha256=<hex HMAC>`. */
export const INTAKE_HEADERS = {
  key: 'x-intake-key',
  timestamp: 'x-intake-timestamp',
  signature: 'x-intake-signature',
} as const;
/** A push signed further than this from the server's clock (either way) is refused, so a captured request cannot be replayed later. */
export const INTAKE_MAX_SKEW_SECONDS = 300;
/** The largest body a push may carry. */
export const INTAKE_MAX_BODY_BYTES = 1024 * 1024;
/** The shop's order number: what identifies the order within its source. */
export const EXTERNAL_ID_MAX_LENGTH = 64;
/** Lines an order may carry (a push, or the rows of one order in a file). */
export const INTAKE_MAX_LINES = 200;

export const INTAKE_CURRENCIES = ['RON', 'EUR'] as const;
export type IntakeCurrency = (typeof INTAKE_CURRENCIES)[number];

const currency = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: 'invalid_currency' })
      .refine((v) => (INTAKE_CURRENCIES as readonly string[]).includes(v), { error: 'invalid_currency' })
      .transform((v) => v as IntakeCurrency)
      .default('RON'),
  );

const paymentMethod = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: 'invalid_payment_method' })
      .refine((v) => (PAYMENT_METHODS as readonly string[]).includes(v), { error: 'invalid_payment_method' })
      .transform((v) => v as PaymentMethod)
      .default(DEFAULT_PAYMENT_METHOD),
  );

/** A price as a decimal string ("49.90", "49,90") or a number, in the order's currency, to hundredths. */
const price = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), moneyBani().optional());

/** An ISO 8601 date and time ("2026-03-01T10:00:00+02:00", "2026-03-01 10:00:00Z"), as Unix seconds. */
const isoTime = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: 'invalid_datetime' })
      .trim()
      .transform((text, ctx) => {
        const t = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)
          ? Date.parse(text.replace(' ', 'T'))
          : NaN;
        if (!Number.isFinite(t)) {
          ctx.addIssue({ code: 'custom', message: 'invalid_datetime' });
          return z.NEVER;
        }
        return Math.floor(t / 1000);
      })
      .optional(),
  );

/** An optional email: empty or null is none (stored in lower case). */
const optionalEmail = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z
        .union([z.literal(''), z.null(), z.email({ error: 'invalid_email' }).max(255, { error: 'too_long' })])
        .optional(),
    )
    .transform((v) => (v === '' || v === undefined ? null : v));

export const intakeLine = z.object({
  sku: requiredText(100),
  quantity: wholeNumber({ min: 1, max: MAX_LINE_QUANTITY }),
  unit_price: price(),
  name: optionalText(255).optional(),
});

/**
 * The body of `POST /api/v1/intake/orders` (and of one order of an import). The phone number is
 * only required here: one that cannot be read is a problem the seller sorts out (the order waits
 * in the inbox), not a refusal that would lose the order.
 */
export const intakeOrderBody = z.object({
  external_id: requiredText(EXTERNAL_ID_MAX_LENGTH),
  created_at: isoTime(),
  customer: z.object(
    {
      name: requiredText(255),
      phone_number: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText(50)),
      email: optionalEmail(),
    },
    { error: 'required' },
  ),
  shipping_address: z.object(
    {
      county: requiredText(100),
      city: requiredText(100),
      street: requiredText(255),
      number: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText(50)),
      zip_code: optionalText(20).optional(),
      block: optionalText(20).optional(),
      staircase: optionalText(20).optional(),
      apartment: optionalText(20).optional(),
      details: optionalText(255).optional(),
    },
    { error: 'required' },
  ),
  lines: z
    .array(intakeLine, { error: 'intake_lines_required' })
    .min(1, { error: 'intake_lines_required' })
    .max(INTAKE_MAX_LINES, { error: 'intake_too_many_lines' }),
  currency: currency(),
  shipping_cost: price(),
  payment_method: paymentMethod(),
  coupon_code: optionalText(64).optional(),
  notes: optionalText(2000).optional(),
});
export type IntakeOrderInput = z.input<typeof intakeOrderBody>;
export type IntakeOrder = z.output<typeof intakeOrderBody>;

/** What an item of the inbox came to. */
export const INTAKE_STATUSES = [
  /** Written as received; its processing has not finished (a retry takes it up). */
  'received',
  /** Could not be created as sent: it waits with its problems. */
  'held',
  'created',
  /** The same order number with a changed body, applied to its order. */
  'updated',
  /** The same order again, as it was: nothing was done. */
  'duplicate',
  /** A later push or import of the same order number was taken instead. */
  'superseded',
  /** The seller dismissed it. */
  'dismissed',
] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

/** `GET /api/v1/intake`: the inbox, held first, then newest; by status and/or source. */
export const intakeListQuery = z.object({
  page: listQuery.shape.page,
  items: listQuery.shape.items,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INTAKE_STATUSES, { error: 'invalid' }).optional()),
  source: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).optional(),
  ),
  search: listQuery.shape.search,
});
export type IntakeListQuery = z.output<typeof intakeListQuery>;

/** A problem that holds an item, in the reader's language; `rows`: the file's rows it is about (an import). */
export interface IntakeProblem {
  code: string;
  /** The field it is about (`lines.0.sku`, `customer.phone_number`), when it is about one. */
  field: string | null;
  message: string;
  rows?: number[];
}

export interface IntakeItem {
  id: number;
  source_id: number;
  source: string;
  external_id: string | null;
  via: 'push' | 'import';
  status: IntakeStatus;
  problems: IntakeProblem[];
  /** The order it made, updated or matched; null when none. */
  order_id: number | null;
  /** What the item says, read from its payload (null where it does not say). */
  summary: { customer_name: string | null; city: string | null; lines: { sku: string; quantity: number }[] };
  received_at: number;
  updated_at: number;
}

/** One item with the body as it was received (`GET /api/v1/intake/{id}`). */
export interface IntakeItemDetail extends IntakeItem {
  payload: unknown;
}

/** `GET /api/v1/intake/counts`: what the sidebar shows. */
export interface IntakeCounts {
  held: number;
  /** Written but never finished (a crash in between): a retry takes them up. */
  received: number;
}

/** The answers of a push. */
export type IntakePushAnswer =
  | { order_id: number; status: 'created' | 'duplicate' | 'updated' }
  | { intake_id: number; status: 'held'; problems: IntakeProblem[] };

/** `POST /api/v1/source/{id}/intake-key`: the secret is shown this once. */
export interface IntakeKeyCreated {
  key_id: string;
  secret: string;
  /** Where the shop sends its orders. */
  endpoint: string;
}

export type { SourceIntake } from './sources.js';

/** `GET/POST /api/v1/intake/settings`. */
export const intakeSettingsBody = z.object({
  /** Whether an order that arrives may take a product's stock below zero (else it waits in the inbox). */
  oversell: flag(),
});
export interface IntakeSettings {
  oversell: boolean;
}

// ---- an order whose address is to check -------------------------------------------------------------

/**
 * `POST /api/v1/order/{id}/address-check`: the seller's answer to an order to check. Either a
 * corrected address (the parts sent replace the order's, a candidate chosen by its id among
 * them), read again against the address data, or `confirm: true`: the address is right as it is
 * (a new street the data does not know yet) and the order needs no more checking.
 */
export const addressCheckBody = z
  .object({
    confirm: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean()).optional(),
    county: optionalText(100).optional(),
    city: optionalText(100).optional(),
    street: optionalText(255).optional(),
    number: optionalText(50).optional(),
    county_id: idRef().nullable().optional(),
    city_id: idRef().nullable().optional(),
    street_id: idRef().nullable().optional(),
  })
  .refine(
    (b) =>
      b.confirm ||
      ['county', 'city', 'street', 'number', 'county_id', 'city_id', 'street_id'].some(
        (k) => b[k as keyof typeof b] !== undefined,
      ),
    { error: 'nothing_to_update' },
  );

// ---- import ---------------------------------------------------------------------------------------

/** The multipart fields of `POST /api/v1/intake/import` besides the file. */
export const intakeImportFields = z.object({
  source_id: selectedRef('select_source'),
  dry_run: z.preprocess((v) => (v === undefined || v === '' ? false : v), flag()),
});

export const importTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/**
 * The import's columns, in English (the push's names) and as a Romanian file heads them; a
 * header is read without case, diacritics, spaces or punctuation. One row per line of an order;
 * rows with the same order number are one order.
 */
export const IMPORT_COLUMNS = {
  order_number: ['order_number', 'numar_comanda', 'nr_comanda', 'comanda'],
  customer_name: ['customer_name', 'nume_client', 'client', 'nume'],
  phone_number: ['phone_number', 'telefon', 'phone'],
  email: ['email', 'e_mail'],
  county: ['county', 'judet'],
  city: ['city', 'localitate', 'oras'],
  street: ['street', 'strada'],
  number: ['number', 'numar'],
  zip_code: ['zip_code', 'cod_postal'],
  block: ['block', 'bloc'],
  staircase: ['staircase', 'scara'],
  apartment: ['apartment', 'apartament'],
  sku: ['sku', 'cod_produs'],
  quantity: ['quantity', 'cantitate'],
  unit_price: ['unit_price', 'pret_unitar'],
  shipping_cost: ['shipping_cost', 'cost_livrare'],
  payment_method: ['payment_method', 'metoda_plata'],
  currency: ['currency', 'moneda'],
  notes: ['notes', 'observatii'],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'order_number',
  'customer_name',
  'phone_number',
  'county',
  'city',
  'street',
  'number',
  'sku',
  'quantity',
];

/** What an import did (or, in a dry run, would do) with one order of the file. */
export type ImportOutcome =
  'would_be_created' | 'would_be_updated' | 'would_be_held' | 'created' | 'updated' | 'held' | 'already_imported';

export interface ImportOrderResult {
  /** The order number of the file; null for rows without one. */
  external_id: string | null;
  /** The file's row numbers (the header is row 1). */
  rows: number[];
  outcome: ImportOutcome;
  problems: IntakeProblem[];
  order_id: number | null;
  intake_id: number | null;
}

export interface ImportResult {
  dry_run: boolean;
  /** Rows read (besides the header and blank rows) and the orders they make. */
  rows: number;
  orders: number;
  counts: Record<ImportOutcome, number>;
  results: ImportOrderResult[];
}

registerMessages({
  en: {
    intake_unauthorized: 'The request is not signed with a valid intake key.',
    intake_too_large: 'The body is larger than 1 MB.',
    intake_invalid_json: 'The body is not valid JSON.',
    invalid_currency: 'Choose RON or EUR.',
    invalid_datetime: 'Enter a date and time in ISO 8601, e.g. 2026-03-01T10:00:00+02:00.',
    intake_lines_required: 'Send at least one line.',
    intake_too_many_lines: 'An order may have at most 200 lines.',
    intake_invalid_phone: 'The phone number “{{phone}}” cannot be read as a phone number.',
    intake_no_stock:
      'Not enough stock of {{sku}}: {{stock}} left, {{quantity}} ordered (the company does not sell beyond its stock).',
    intake_changed_after_documents:
      'The shop changed this order after it got an AWB or an invoice: the order was left as it is. Make the change by hand if it is still wanted.',
    intake_changed_cancelled: 'The shop changed this order after it was cancelled: the order was left as it is.',
    intake_changed_phone:
      'The shop changed the customer’s phone number: the order was left as it is. Make the change by hand if it is still wanted.',
    intake_changed_coupon:
      'The shop changed the order’s coupon: the order was left as it is. Make the change by hand if it is still wanted.',
    intake_not_received: 'The item was kept as received, but its processing did not finish: retry it.',
    intake_not_held: 'Only an item waiting in the inbox can be retried or dismissed.',
    import_no_order_number: 'The row has no order number.',
    import_rows_disagree: 'The rows of this order disagree on {{column}}.',
    import_missing_columns: 'The file has no column {{columns}}. Download the template to see the columns.',
    import_empty: 'The file has no order rows.',
    import_file_required: 'Choose a CSV or XLSX file.',
    import_file_too_large: 'The file is larger than 5 MB. Split it into smaller files.',
    import_too_many_rows: 'The file has more than {{max}} rows. Split it into smaller files.',
    address_check_county_missing: 'The county is missing.',
    address_check_county_unknown: 'No county of that name was found.',
    address_check_city_missing: 'The locality is missing.',
    address_check_city_unknown: 'No locality of that name was found in the county.',
    address_check_city_ambiguous: 'Several localities of the county have that name: choose one.',
    address_check_city_no_code: 'The locality has no postal code in the address data.',
    address_check_city_sector_mismatch: 'The Bucharest sector written does not match the street and number.',
    address_check_street_missing: 'The street is missing.',
    address_check_street_unknown: 'No street of that name was found in the locality.',
    address_check_street_ambiguous: 'Several streets of the locality have that name: choose one.',
    address_check_number_missing: 'The street number is missing: the street has several postal codes.',
    address_check_number_no_code: 'The number is not one of the street’s numbers in the address data.',
    address_check_number_unknown: 'The number is not one of the street’s numbers in the address data.',
  },
  ro: {
    intake_unauthorized: 'Cererea nu este semnată cu o cheie de preluare validă.',
    intake_too_large: 'Corpul cererii depășește 1 MB.',
    intake_invalid_json: 'Corpul cererii nu este JSON valid.',
    invalid_currency: 'Alegeți RON sau EUR.',
    invalid_datetime: 'Introduceți data și ora în format ISO 8601, de exemplu 2026-03-01T10:00:00+02:00.',
    intake_lines_required: 'Trimiteți cel puțin o linie.',
    intake_too_many_lines: 'O comandă poate avea cel mult 200 de linii.',
    intake_invalid_phone: 'Numărul „{{phone}}” nu poate fi citit ca număr de telefon.',
    intake_no_stock:
      'Stoc insuficient pentru {{sku}}: au rămas {{stock}}, s-au comandat {{quantity}} (compania nu vinde peste stoc).',
    intake_changed_after_documents:
      'Magazinul a modificat comanda după ce a primit AWB sau factură: comanda a rămas neschimbată. Faceți modificarea manual dacă mai este dorită.',
    intake_changed_cancelled: 'Magazinul a modificat comanda după ce a fost anulată: comanda a rămas neschimbată.',
    intake_changed_phone:
      'Magazinul a schimbat numărul de telefon al clientului: comanda a rămas neschimbată. Faceți modificarea manual dacă mai este dorită.',
    intake_changed_coupon:
      'Magazinul a schimbat cuponul comenzii: comanda a rămas neschimbată. Faceți modificarea manual dacă mai este dorită.',
    intake_not_received: 'Elementul a fost păstrat așa cum a sosit, dar procesarea lui nu s-a încheiat: reîncercați-l.',
    intake_not_held: 'Doar un element care așteaptă la Intrări poate fi reîncercat sau respins.',
    import_no_order_number: 'Rândul nu are număr de comandă.',
    import_rows_disagree: 'Rândurile acestei comenzi nu se potrivesc la {{column}}.',
    import_missing_columns: 'Fișierul nu are coloana {{columns}}. Descărcați șablonul pentru a vedea coloanele.',
    import_empty: 'Fișierul nu are rânduri cu comenzi.',
    import_file_required: 'Alegeți un fișier CSV sau XLSX.',
    import_file_too_large: 'Fișierul depășește 5 MB. Împărțiți-l în fișiere mai mici.',
    import_too_many_rows: 'Fișierul are mai mult de {{max}} de rânduri. Împărțiți-l în fișiere mai mici.',
    address_check_county_missing: 'Județul lipsește.',
    address_check_county_unknown: 'Nu a fost găsit niciun județ cu acest nume.',
    address_check_city_missing: 'Localitatea lipsește.',
    address_check_city_unknown: 'Nu a fost găsită nicio localitate cu acest nume în județ.',
    address_check_city_ambiguous: 'Mai multe localități din județ au acest nume: alegeți una.',
    address_check_city_no_code: 'Localitatea nu are cod poștal în datele de adrese.',
    address_check_city_sector_mismatch: 'Sectorul din București scris nu se potrivește cu strada și numărul.',
    address_check_street_missing: 'Strada lipsește.',
    address_check_street_unknown: 'Nu a fost găsită nicio stradă cu acest nume în localitate.',
    address_check_street_ambiguous: 'Mai multe străzi din localitate au acest nume: alegeți una.',
    address_check_number_missing: 'Numărul străzii lipsește: strada are mai multe coduri poștale.',
    address_check_number_no_code: 'Numărul nu este unul dintre numerele străzii în datele de adrese.',
    address_check_number_unknown: 'Numărul nu este unul dintre numerele străzii în datele de adrese.',
  },
});
