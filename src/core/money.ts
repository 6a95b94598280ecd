/**
 * Money travels as decimal numbers with two decimals and is stored as integer bani (1/100).
 * Conversions go through strings so 0.1 + 0.2 style float error never reaches the database.
 */
export function toBani(amount: number | string): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not a money amount: ${String(amount)}`);
  const [, sign, whole, frac = ''] = match;
  const bani = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign ? -bani : bani;
}

export function fromBani(bani: number): number {
  return Math.round(bani) / 100;
}

/** True when the text has at most two decimals (the form's step 0.01). */
export function hasAtMostTwoDecimals(value: number | string): boolean {
  return /^-?\d+(?:[.,]\d{1,2})?$/.test(String(value).trim());
}

export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  return `${amount.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}
