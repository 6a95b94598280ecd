import type { BlockList, NumberRange } from './numberRanges.js';

/** What the postal-code rule needs of a street: its number ranges and its apartment blocks. */
export interface StreetCodes {
  ranges: NumberRange[];
  blocks?: BlockList[];
}

/** The house number of a typed street number: `12A`, `12 bis` and `nr. 12` are number 12. */
export function houseNumber(number: string): number | null {
  const m = /^\s*(?:nr\.?\s*)?(\d{1,6})/i.exec(number);
  return m ? Number(m[1]) : null;
}

const normaliseBlock = (id: string) =>
  id
    .replace(/^\s*bl\.?\s*/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();

const contains = (r: NumberRange, n: number) =>
  n >= r.from && (r.to === null || n <= r.to) && (r.parity === 'both' || r.parity === (n % 2 === 1 ? 'odd' : 'even'));

// Open-ended ranges count as reaching this far: of two open ranges the one starting later is narrower.
const END_OF_STREET = 1_000_000;
const width = (r: NumberRange) => (r.to ?? END_OF_STREET) - r.from;

/**
 * The postal code of a number on a street (the spec's rule): take the ranges that contain the
 * number, prefer a range of the number's parity over one covering both sides, then the narrowest.
 * A street coded as a whole has its one code whatever the number. A block id (`T120`, `bl. T120`)
 * answers its block's code. When no range contains the number, or two equally good ranges disagree,
 * the answer is null: no code is better than a wrong one.
 */
export function postalCodeFor(street: StreetCodes, number: string | null | undefined): string | null {
  const typed = (number ?? '').trim();
  const whole =
    street.ranges.length === 1 &&
    !street.blocks?.length &&
    street.ranges[0].from <= 1 &&
    street.ranges[0].to === null &&
    street.ranges[0].parity === 'both';
  if (whole) return street.ranges[0].postal_code;
  if (!typed) return null;

  const block = normaliseBlock(typed);
  for (const list of street.blocks ?? []) {
    if (list.blocks.some((b) => normaliseBlock(b) === block)) return list.postal_code;
  }

  const n = houseNumber(typed);
  if (n === null) return null;
  const candidates = street.ranges.filter((r) => contains(r, n));
  if (!candidates.length) return null;
  const sameParity = candidates.filter((r) => r.parity !== 'both');
  const pool = sameParity.length ? sameParity : candidates;
  const narrowest = Math.min(...pool.map(width));
  const codes = new Set(pool.filter((r) => width(r) === narrowest).map((r) => r.postal_code));
  return codes.size === 1 ? [...codes][0] : null;
}

/** True when the street's code depends on the number (more than one code, or ranges that leave numbers out). */
export function needsNumber(street: StreetCodes): boolean {
  return postalCodeFor(street, null) === null;
}

/**
 * A courier's postal-code ranges of a street (Cargus `PostalNumbers`: from, to, code) as number
 * ranges: 0–0 is the whole street, a range ending at 0 runs to the end of the street. They name no
 * side of the street, so each covers both.
 */
export function courierRanges(codes: { fromNumber: number; toNumber: number; postalCode: string }[]): NumberRange[] {
  return codes.map((c) => ({
    from: c.fromNumber,
    to: c.toNumber > 0 ? c.toNumber : null,
    parity: 'both',
    postal_code: c.postalCode,
  }));
}
