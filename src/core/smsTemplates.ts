import { fromBani } from './money.js';

/**
 * What an SMS template is sent on, and the placeholders its text may hold.
 *
 * - `awb_created`: the order's AWB was made (the default, and what every template made before
 *   events existed was written for); `delivered` / `returning`: the courier says so; `manual`:
 *   only offered on the order's "Send SMS".
 * - Placeholders are replaced by the order's values. Anything else in braces is an unknown
 *   placeholder: a template holding one is refused on save, the preview marks it, and an SMS whose
 *   text still holds one (or a known one with no value for the order) is not sent, since the
 *   customer would get the braces (docs/sms-placeholders.md). The counter counts the rendered
 *   text: a customer's name with ă can make a GSM-7 template a Unicode message.
 */
export const SMS_EVENTS = ['awb_created', 'delivered', 'returning', 'manual'] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];
/** The events a message is sent on by itself (manual is sent by a person). */
export type SmsAutoEvent = Exclude<SmsEvent, 'manual'>;

export const SMS_PLACEHOLDERS = [
  'order_id',
  'customer_name',
  'awb',
  'courier',
  'tracking_url',
  'total',
  'company',
] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];

/**
 * Romanian names a template may use instead, filled with the same value. `{awb}` and `{total}` are
 * Romanian words already. `{cod}` is no alias: in a Romanian SMS it is a code (a voucher's) as often
 * as the cash-on-delivery amount, and a wrong guess would send a customer a sum for a code or the
 * reverse; it is refused as unknown, so the seller writes `{total}` or the code itself.
 */
export const SMS_PLACEHOLDER_ALIASES: Readonly<Record<string, SmsPlaceholder>> = {
  comanda: 'order_id',
  nr_comanda: 'order_id',
  nume: 'customer_name',
  nume_client: 'customer_name',
  curier: 'courier',
  link_urmarire: 'tracking_url',
  companie: 'company',
  firma: 'company',
};

/** The order's facts a template is rendered with. */
export interface SmsOrderFacts {
  orderId: number;
  customerName: string;
  awb: string | null;
  /** The courier's key (cargus, sameday, dpd, fan) or null. */
  courier: string | null;
  /** The order's total in bani (lei). */
  totalBani: number;
  company: string;
}

const COURIER_NAMES: Record<string, string> = { cargus: 'Cargus', sameday: 'Sameday', dpd: 'DPD', fan: 'FAN Courier' };

/** Each courier's public tracking page for an AWB (what a customer opens from the SMS). */
export function trackingUrl(courier: string | null, awb: string | null): string {
  if (!courier || !awb) return '';
  const n = encodeURIComponent(awb);
  switch (courier) {
    case 'cargus':
      return `https://www.cargus.ro/personal/urmareste-coletul/?tracking_number=${n}`;
    case 'sameday':
      return `https://sameday.ro/#awb=${n}`;
    case 'dpd':
      return `https://tracking.dpd.ro/?shipmentNumber=${n}&language=ro`;
    case 'fan':
      return `https://www.fancourier.ro/awb-tracking/?tracking=${n}`;
    default:
      return '';
  }
}

/** The value of every placeholder for an order: totals in lei with two decimals ("1234.50"). */
export function placeholderValues(f: SmsOrderFacts): Record<SmsPlaceholder, string> {
  return {
    order_id: String(f.orderId),
    customer_name: f.customerName.trim(),
    awb: f.awb ?? '',
    courier: f.courier ? (COURIER_NAMES[f.courier] ?? f.courier) : '',
    tracking_url: trackingUrl(f.courier, f.awb),
    total: fromBani(f.totalBani).toFixed(2),
    company: f.company,
  };
}

/**
 * A placeholder is anything in braces on one line, written exactly (`{nume}`, not `{Nume}` or
 * `{ nume }`): a brace pair in an SMS is all but never meant literally, so a near miss is reported
 * as unknown rather than sent as typed. `{}` holds nothing and is text.
 */
const PLACEHOLDER = /\{([^{}\r\n]+)\}/g;

/** The placeholder a name inside braces stands for (its own name or a Romanian alias), if any. */
export function placeholderOf(name: string): SmsPlaceholder | undefined {
  if ((SMS_PLACEHOLDERS as readonly string[]).includes(name)) return name as SmsPlaceholder;
  return Object.prototype.hasOwnProperty.call(SMS_PLACEHOLDER_ALIASES, name)
    ? SMS_PLACEHOLDER_ALIASES[name]
    : undefined;
}

/** One piece of a rendered text: plain text, or what a placeholder became (`unfilled`: unknown, or no value). */
export interface SmsSegment {
  text: string;
  /** The placeholder as typed, braces included, when this piece is one. */
  token?: string;
  /** Not a known placeholder: kept as typed. */
  unknown?: boolean;
  /** Known, but with no value for this order: rendered as nothing. */
  empty?: boolean;
}

/** The text cut into plain pieces and placeholders, each known one filled from `values`. */
export function renderSmsSegments(text: string, values: Partial<Record<SmsPlaceholder, string>>): SmsSegment[] {
  const out: SmsSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    const known = placeholderOf(m[1]);
    const value = known ? (values[known] ?? '') : undefined;
    if (value === undefined) out.push({ text: m[0], token: m[0], unknown: true });
    else out.push(value ? { text: value, token: m[0] } : { text: '', token: m[0], empty: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The text with each known placeholder (or alias) replaced; unknown ones are kept as typed. */
export function renderSmsText(text: string, values: Partial<Record<SmsPlaceholder, string>>): string {
  return renderSmsSegments(text, values)
    .map((s) => s.text)
    .join('');
}

const uniqueTokens = (segments: SmsSegment[], pick: (s: SmsSegment) => boolean | undefined): string[] => [
  ...new Set(segments.filter(pick).map((s) => s.token!)),
];

/** The unknown placeholders of a template, each once, as typed (`{cod}`), in the order they appear. */
export function unknownPlaceholders(text: string): string[] {
  return uniqueTokens(renderSmsSegments(text, {}), (s) => s.unknown);
}

/**
 * What rendering for an order would leave unfilled: unknown placeholders, and known ones with no
 * value for it (no name on the order, no AWB yet). Either way the SMS is not sent.
 */
export function unfilledPlaceholders(
  text: string,
  values: Partial<Record<SmsPlaceholder, string>>,
): { unknown: string[]; empty: string[] } {
  const segments = renderSmsSegments(text, values);
  return { unknown: uniqueTokens(segments, (s) => s.unknown), empty: uniqueTokens(segments, (s) => s.empty) };
}

/** A sample order for the template form's preview. */
export const SAMPLE_ORDER: SmsOrderFacts = {
  orderId: 10234,
  customerName: 'Ioana Popescu',
  awb: '1151234567',
  courier: 'cargus',
  totalBani: 18990,
  company: 'Magazin Demo SRL',
};
