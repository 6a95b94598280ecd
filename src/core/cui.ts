/**
 * Romanian tax id (CUI / CIF): 2 to 10 digits, optionally prefixed by RO; the last digit is a
 * control digit computed with the key 753217532 over the digits before it.
 */
const KEY = '753217532';

export function normalizeCui(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

export function isValidCui(input: string): boolean {
  const value = normalizeCui(input).replace(/^RO/, '');
  if (!/^\d{2,10}$/.test(value)) return false;
  const body = value.slice(0, -1).padStart(9, '0');
  const control = Number(value.slice(-1));
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(KEY[i]);
  const expected = ((sum * 10) % 11) % 10;
  return expected === control;
}
