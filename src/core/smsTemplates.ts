import { fromBani } from './money.js';

/**
 * What an SMS template is sent on, and the placeholders its text may hold.
 *
 * - `awb_created`: the order's AWB was made (the default, and what every template made before
 *   events existed was written for); `delivered` / `returning`: the courier says so; `manual`:
 *   only offered on the order's "Send SMS".
 * - Placeholders are replaced by the order's values; an unknown `{name}` stays as typed, so a
 *   typo shows in the preview instead of vanishing. The counter counts the rendered text: a
 *   customer's name with ă can make a GSM-7 template a Unicode message.
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

/** The order's facts a template is rendered with. */
export interface SmsOrderFacts {
  orderId: number;
  customerName: string;
  awb: string | null;
  /** The courier's key (cargus, sameday, dpd) or null. */
  courier: string | null;
  /** The order's total in bani (lei). */
  totalBani: number;
  company: string;
}

const COURIER_NAMES: Record<string, string> = { cargus: 'Cargus', sameday: 'Sameday', dpd: 'DPD' };

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

/** The text with each known `{placeholder}` replaced; unknown ones are kept as typed. */
export function renderSmsText(text: string, values: Partial<Record<SmsPlaceholder, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? (values[name as SmsPlaceholder] ?? '') : whole,
  );
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
