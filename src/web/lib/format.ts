import { localeOf } from './i18n';

/** Unix seconds as a short date (e.g. 11/21/2026 or 21.11.2026). Empty for missing values. */
export function formatDate(seconds: number | null | undefined, lang: string): string {
  if (!seconds) return '';
  return new Date(seconds * 1000).toLocaleDateString(localeOf(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
}

/** Unix seconds as a short date and time. */
export function formatDateTime(seconds: number | null | undefined, lang: string): string {
  if (!seconds) return '';
  return new Date(seconds * 1000).toLocaleString(localeOf(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A money amount with two decimals and its currency, e.g. "1,234.50 RON". */
export function formatAmount(amount: number | string | null | undefined, currency = 'RON', lang = 'en'): string {
  const n = Number(amount ?? 0);
  return `${(Number.isFinite(n) ? n : 0).toLocaleString(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** A dash for empty values and the literal texts "null" / "undefined" (spec: order detail). */
export function orDash(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const s = String(value).trim();
  return s === '' || s === 'null' || s === 'undefined' ? '—' : s;
}
