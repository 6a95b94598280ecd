/**
 * Integer arithmetic for order money. Every amount is integer bani; a percentage is integer
 * hundredths of a percent (12.5 % = 1250). Rounding happens once per line, half away from zero.
 */

/** n / d rounded half away from zero, for integers (d > 0). */
export function divRound(n: number, d: number): number {
  if (d <= 0 || !Number.isInteger(n) || !Number.isInteger(d))
    throw new Error('divRound takes integers and a positive divisor');
  const q = Math.floor(Math.abs(n) / d);
  const r = Math.abs(n) - q * d;
  const rounded = 2 * r >= d ? q + 1 : q;
  return n < 0 ? -rounded : rounded;
}

/** `hundredths` % of `bani`, rounded half away from zero (e.g. 12.5 % of 10.01 RON = 1.25 RON). */
export function percentOf(bani: number, hundredths: number): number {
  return divRound(bani * hundredths, 100_00);
}
