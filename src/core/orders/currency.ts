import { divRound } from './money.js';

/**
 * An order has one currency: RON, the currency the console's companies invoice in. A line whose
 * product is priced in another currency is converted when it is added, at a rate kept on the line.
 *
 * Rates are integers in ten-thousandths of a leu per one unit of the currency (BNR publishes four
 * decimals: 4.9771 RON per EUR is 49771). Both currencies have two decimals, so a price in cents
 * times the rate over 10,000 is the price in bani.
 */
export const ORDER_CURRENCY = 'RON';

export const RATE_SCALE = 10_000;

/**
 * The unit price in bani of a unit priced `minor` (cents of its currency) at `rate`: rounded once
 * per unit, half up (away from zero), so the line's value is this price times the quantity exactly,
 * as the invoice computes it (SmartBill multiplies the unit price it is sent by the quantity).
 * 167.99 EUR at 4.9771 = 836.1029... RON → 836.10 RON per unit.
 */
export function convertUnitPrice(minor: number, rate: number): number {
  if (!Number.isInteger(minor) || !Number.isInteger(rate) || rate <= 0)
    throw new Error('convertUnitPrice takes integer cents and a positive integer rate');
  return divRound(minor * rate, RATE_SCALE);
}

/** A rate as typed or published ("4.9771", "4,9771", 4.9771) in ten-thousandths, or null when it is not one. */
export function parseRate(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(\d{1,4})(?:[.,](\d{1,4}))?$/.exec(text);
  if (!m) return null;
  const rate = Number(m[1]) * RATE_SCALE + Number((m[2] ?? '').padEnd(4, '0'));
  return rate > 0 ? rate : null;
}

/** A rate in ten-thousandths as the decimal number the API carries (49771 → 4.9771). */
export const rateNumber = (rate: number): number => rate / RATE_SCALE;
