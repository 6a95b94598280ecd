import type { Lang } from '../../core/messages.js';
import { toBucharest } from './bucharestTime.js';

/**
 * How numbers and dates are written on the documents the console and its emulators print (invoices,
 * storno invoices, courier labels, the picking list) and on what they tell SmartBill (an invoice's
 * mentions). The documents are Romanian ones, read by Romanian accountants: every number in one
 * Romanian form, thousands grouped with a point and decimals after a comma ("1.234,56"), and days
 * as "01.12.2026". Written by hand rather than through Intl, so a Node built without the Romanian
 * locale data writes the same.
 */

/** `value` with `decimals` decimals in the Romanian form: 692.34 → "692,34", 1234.5 → "1.234,50". */
export function roNumber(value: number, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = value < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** Bani as lei with two decimals in the Romanian form: 69234 → "692,34", -123456 → "-1.234,56". */
export function roMoney(bani: number): string {
  const abs = Math.abs(Math.round(bani));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${bani < 0 && abs > 0 ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Bani as lei with two decimals in the reader's language, for texts read in either (an export's
 * cells, a refusal's message): Romanian as roMoney ("1.234,56"), English with the marks swapped
 * ("1,234.56").
 */
export function langMoney(bani: number, lang: Lang): string {
  const ro = roMoney(bani);
  return lang === 'ro' ? ro : ro.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));
}

/** A day written "YYYY-MM-DD" as a Romanian document writes it, "DD.MM.YYYY"; any other text as it is. */
export function roDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A moment in Bucharest time, day and 24-hour time, as the console shows dates in each language:
 * "01.12.2026, 19:25" in Romanian, "1 Dec 2026, 19:25" in English (the day before the month).
 */
export function documentDateTime(seconds: number, lang: Lang): string {
  const text = toBucharest(seconds);
  const [y, mo, d] = text.slice(0, 10).split('-');
  const time = text.slice(11, 16);
  return lang === 'ro' ? `${d}.${mo}.${y}, ${time}` : `${Number(d)} ${EN_MONTHS[Number(mo) - 1]} ${y}, ${time}`;
}
