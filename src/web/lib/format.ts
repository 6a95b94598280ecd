import { localeOf } from './i18n';

/*
 * The one place where the web app reads and writes numbers and dates as people type and see them
 * (docs/numbers-and-dates.md): Romanian writes 12,50 and 01.12.2026, 19:25; English 12.50 and
 * 1 Dec 2026, 19:25 (day before month, 24-hour clock in both). Dates are built from their parts
 * rather than by Intl, whose English short month changes between ICU versions ("Sep" / "Sept").
 */

const isRo = (lang: string) => lang.startsWith('ro');
const pad2 = (n: number) => String(n).padStart(2, '0');
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// The names a Romanian may type (with and without diacritics), in the order of the months.
const RO_MONTHS = ['ian', 'feb', 'mar', 'apr', 'mai', 'iun', 'iul', 'aug', 'sep', 'oct', 'noi', 'dec'];

function dayText(d: Date, lang: string): string {
  return isRo(lang)
    ? `${pad2(d.getDate())}.${pad2(d.getMonth() + 1)}.${d.getFullYear()}`
    : `${d.getDate()} ${EN_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** Unix seconds as a date: 01.12.2026 in Romanian, 1 Dec 2026 in English. Empty for missing values. */
export function formatDate(seconds: number | null | undefined, lang: string): string {
  if (!seconds) return '';
  return dayText(new Date(seconds * 1000), lang);
}

/** Unix seconds as a date and a 24-hour time: 01.12.2026, 19:25 / 1 Dec 2026, 19:25. */
export function formatDateTime(seconds: number | null | undefined, lang: string): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  return `${dayText(d, lang)}, ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** A calendar day written `YYYY-MM-DD` (the API's and the filters' form) in the language's order. */
export function formatDay(day: string | null | undefined, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m) return '';
  return dayText(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), lang);
}

/** A calendar day `YYYY-MM-DD` without its year, short enough for a chart's axis: 04.05 / 4 May. */
export function formatShortDay(day: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return '';
  return isRo(lang) ? `${m[3]}.${m[2]}` : `${Number(m[3])} ${EN_MONTHS[Number(m[2]) - 1]}`;
}

/**
 * A day as typed into a date field, answered as `YYYY-MM-DD`; null when it is no real day.
 * Both languages read the day first: 1.12.2026, 01/12/2026, 1-12-2026, 1 Dec 2026 (English month
 * names, Romanian ones such as 1 dec. 2026 or 1 ianuarie 2026), and the ISO form 2026-12-01.
 * A two-digit year means 20yy. A month first (12/01/2026 meaning 1 December) is never guessed.
 */
export function parseDay(text: string): string | null {
  const s = text.trim().toLowerCase();
  let y: number, mo: number, d: number;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{2}|\d{4})$/.exec(s)))
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})[\s.]+([a-zăâîșşțţ]+)\.?,?\s+(\d{2}|\d{4})$/.exec(s))) {
    const name = m[2].normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const index =
      name.length >= 3
        ? [EN_MONTHS, RO_MONTHS]
            .map((list) => list.findIndex((p) => name.startsWith(p.toLowerCase())))
            .find((i) => i >= 0)
        : undefined;
    if (index === undefined) return null;
    [d, mo, y] = [Number(m[1]), index + 1, Number(m[3])];
  } else return null;
  // Two digits: this century (26 is 2026); four digits as written, from the year 1000 on.
  if (!/^\d{4}-/.test(s) && /\D\d{2}$/.test(s)) y += 2000;
  if (y < 1000) return null;
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return `${y}-${pad2(mo)}-${pad2(d)}`;
}

/** The decimal mark of the language: a comma in Romanian, a point in English. */
export function decimalMark(lang: string): ',' | '.' {
  return isRo(lang) ? ',' : '.';
}

export interface NumberRules {
  /** Decimals allowed (0: a whole number). Default 2. */
  scale?: number;
  /** Default false: a minus sign is refused with a message. */
  allowNegative?: boolean;
}

export type NumberProblem =
  | { problem: 'invalid' }
  | { problem: 'negative' }
  | { problem: 'whole' }
  | { problem: 'decimals'; scale: number }
  | { problem: 'ambiguous'; whole: string; decimal: string };

export type ParsedNumber = { ok: true; value: number | null } | ({ ok: false } & NumberProblem);

/**
 * A number as a person typed or pasted it, in the language of the page; never a guess.
 * - The decimal mark is a comma or a point in both languages: `12,50` = `12.50` = twelve and a half.
 * - A thousands separator (point, comma or space) is read where it cannot be mistaken: with the
 *   other mark as decimals after it (`1.234,56`, `1,234.56`, `1 234,56`), or repeated (`1.234.567`),
 *   and always in groups of three digits.
 * - One point or comma followed by exactly three digits is the language's decimal mark when it is
 *   that (`1,234` in Romanian, `1.234` in English: one point two three four); the other mark is
 *   ambiguous (`1.234` in Romanian, `1,234` in English) and refused with both readings.
 * - Anything else (letters, `12,5x`, `1e3`, `+3`, a lone or trailing separator, more decimals than
 *   the field takes, a minus where negatives are not allowed) is refused: nothing is rounded or dropped.
 * Empty text answers `{ ok: true, value: null }`.
 */
export function parseNumber(text: string, lang: string, rules: NumberRules = {}): ParsedNumber {
  const scale = rules.scale ?? 2;
  let s = text.replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
  if (s === '') return { ok: true, value: null };
  let negative = false;
  if (/^[-\u2212]/.test(s)) {
    negative = true;
    s = s.slice(1).trimStart();
  }
  if (!/^[0-9][0-9., ]*$|^[.,][0-9]+$/.test(s) || /[., ]$/.test(s) || /[., ]{2}/.test(s))
    return { ok: false, problem: 'invalid' };
  const points = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  const spaces = s.split(' ').length - 1;
  let decimal: '.' | ',' | null = null;
  if (points && commas) decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
  else if (points === 1 || commas === 1) {
    const mark = points ? '.' : ',';
    const [head, tail] = s.split(mark);
    // 1–3 digits (not a leading 0), the mark, three digits: a thousands group as much as decimals.
    if (!spaces && tail.length === 3 && /^[1-9]\d{0,2}$/.test(head) && mark !== decimalMark(lang)) {
      return { ok: false, problem: 'ambiguous', whole: head + tail, decimal: `${head}${decimalMark(lang)}${tail}` };
    }
    decimal = mark;
  }
  if (decimal && s.split(decimal).length > 2) return { ok: false, problem: 'invalid' };
  const [intPart, frac = ''] = decimal ? s.split(decimal) : [s];
  const groupMarks = new Set(intPart.replace(/\d/g, ''));
  if (groupMarks.size > 1) return { ok: false, problem: 'invalid' };
  if (groupMarks.size === 1 && !/^\d{1,3}(?:[., ]\d{3})+$/.test(intPart)) return { ok: false, problem: 'invalid' };
  if (!/^\d*$/.test(frac)) return { ok: false, problem: 'invalid' };
  const digits = intPart.replace(/[., ]/g, '') || '0';
  if (negative && !rules.allowNegative) return { ok: false, problem: 'negative' };
  if (frac.length > scale)
    return scale === 0 ? { ok: false, problem: 'whole' } : { ok: false, problem: 'decimals', scale };
  const value = Number(`${digits}.${frac || '0'}`);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

export interface NumberLook {
  /** Decimals shown at most (default: as many as the value has). */
  scale?: number;
  /** Pads to `scale` decimals: 12.5 → 12,50 (money). */
  fixed?: boolean;
  /** Thousands separators (default true; fields show none, so the text reads back the same). */
  grouping?: boolean;
}

/** A number in the language: 1.234,5 / 1,234.5; with `scale` and `fixed`, 12,50 / 12.50. */
export function formatNumber(value: number, lang: string, look: NumberLook = {}): string {
  if (!Number.isFinite(value)) return '';
  let text = look.scale === undefined ? String(Math.abs(value)) : Math.abs(value).toFixed(look.scale);
  if (look.scale !== undefined && !look.fixed && text.includes('.')) text = text.replace(/\.?0+$/, '');
  if (/e/i.test(text))
    text = Math.abs(value).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  const [int, frac] = text.split('.');
  const grouped = look.grouping === false ? int : int.replace(/\B(?=(\d{3})+$)/g, isRo(lang) ? '.' : ',');
  const sign = value < 0 && Number(text) !== 0 ? '-' : '';
  return `${sign}${grouped}${frac ? decimalMark(lang) + frac : ''}`;
}

/** A money amount with two decimals and its currency, e.g. "1,234.50 RON" / "1.234,50 RON". */
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
