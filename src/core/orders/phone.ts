/**
 * Phone numbers identify customers, so every form a person may type must map to one stored form.
 * Romanian numbers (mobile 07…, landline 02…/03…) become `+40` and nine digits: `0744 123 456`,
 * `+40 744 123 456`, `0040744123456`, `40744123456` and `744123456` are all `+40744123456`.
 * A foreign number written internationally (`+33…` or `0033…`) is kept as `+` and its digits
 * (E.164, 8 to 15 digits). Anything else is not a phone number (null).
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  // Separators people type: spaces, dots, dashes, slashes, parentheses.
  if (!/^\+?[\d\s.\-/()]+$/.test(trimmed)) return null;
  const plus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (!plus && digits.startsWith('00')) digits = digits.slice(2);
  else if (!plus && digits.startsWith('0')) digits = `40${digits.slice(1)}`;
  else if (!plus && digits.length === 9) digits = `40${digits}`;
  else if (!plus && !digits.startsWith('40')) return null;
  if (digits.startsWith('40')) {
    // "+40 0744…" (a trunk zero kept after the country code) is common on forms.
    if (digits.length === 12 && digits[2] === '0') digits = `40${digits.slice(3)}`;
    return /^40[237]\d{8}$/.test(digits) ? `+${digits}` : null;
  }
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/** True for a Romanian mobile number in any form (what couriers and SMS need). */
export function isRomanianMobile(input: string | null | undefined): boolean {
  const n = normalizePhone(input);
  return n !== null && /^\+407\d{8}$/.test(n);
}
