/**
 * IBAN (ISO 13616): two letters of country, two check digits, then the country's BBAN.
 * Checked here: the country is known, the length and the BBAN's character classes match the
 * country's format, and the mod-97 check digits are right. Input is normalised first (spaces
 * removed, upper case), so "ro49 aaaa 1b31 ..." is accepted and stored as "RO49AAAA1B31...".
 */

/**
 * BBAN formats of the SWIFT IBAN registry for Romania, every SEPA country and a few neighbours
 * Romanian sellers meet (Moldova, Serbia, Ukraine, Türkiye). Each part is a count and a class:
 * n digits, a upper-case letters, c letters or digits. The IBAN length is 4 + the BBAN length.
 */
const BBAN_FORMATS: Record<string, string> = {
  AD: '4n4n12c',
  AT: '5n11n',
  BE: '3n7n2n',
  BG: '4a4n2n8c',
  CH: '5n12c',
  CY: '3n5n16c',
  CZ: '4n6n10n',
  DE: '8n10n',
  DK: '4n9n1n',
  EE: '2n2n11n1n',
  ES: '4n4n1n1n10n',
  FI: '3n11n',
  FR: '5n5n11c2n',
  GB: '4a6n8n',
  GI: '4a15c',
  GR: '3n4n16c',
  HR: '7n10n',
  HU: '3n4n1n15n1n',
  IE: '4a6n8n',
  IS: '4n2n6n10n',
  IT: '1a5n5n12c',
  LI: '5n12c',
  LT: '5n11n',
  LU: '3n13c',
  LV: '4a13c',
  MC: '5n5n11c2n',
  MD: '2c18c',
  MT: '4a5n18c',
  NL: '4a10n',
  NO: '4n6n1n',
  PL: '8n16n',
  PT: '4n4n11n2n',
  RO: '4a16c',
  RS: '3n13n2n',
  SE: '3n16n1n',
  SI: '5n8n2n',
  SK: '4n6n10n',
  SM: '1a5n5n12c',
  TR: '5n1n16c',
  UA: '6n19c',
  VA: '3n15n',
};

const CLASS: Record<string, string> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' };

interface CountryFormat {
  length: number;
  bban: RegExp;
}

const FORMATS: Record<string, CountryFormat> = Object.fromEntries(
  Object.entries(BBAN_FORMATS).map(([country, spec]) => {
    let length = 4;
    let source = '';
    for (const [, count, cls] of spec.matchAll(/(\d+)([nac])/g)) {
      length += Number(count);
      source += `${CLASS[cls]}{${count}}`;
    }
    return [country, { length, bban: new RegExp(`^${source}$`) }];
  }),
);

/** The IBAN length of a country, or undefined when the country is not in the table. */
export function ibanLength(country: string): number | undefined {
  return FORMATS[country.toUpperCase()]?.length;
}

export const IBAN_COUNTRIES = Object.keys(FORMATS);

/** Spaces (and other separators people type) removed, upper case. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s\-.]+/g, '').toUpperCase();
}

/** The remainder of a long number (given as digits) divided by 97, piece by piece. */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

/** Letters become numbers (A = 10 ... Z = 35), as the mod-97 check wants. */
function toDigits(text: string): string {
  return text.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
}

/** The two check digits of an IBAN of `country` with this BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = toDigits(`${normalizeIban(bban)}${country.toUpperCase()}00`);
  return String(98 - mod97(rearranged)).padStart(2, '0');
}

export type IbanProblem = 'format' | 'country' | 'length' | 'bban' | 'checksum';

/** Why an IBAN is not valid, or null when it is. */
export function ibanProblem(input: string): IbanProblem | null {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return 'format';
  const format = FORMATS[iban.slice(0, 2)];
  if (!format) return 'country';
  if (iban.length !== format.length) return 'length';
  if (!format.bban.test(iban.slice(4))) return 'bban';
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return 'checksum';
  if (mod97(toDigits(iban.slice(4) + iban.slice(0, 4))) !== 1) return 'checksum';
  return null;
}

export function isValidIban(input: string): boolean {
  return ibanProblem(input) === null;
}

/** Grouped in fours for reading: "RO49 AAAA 1B31 0075 9384 0000". */
export function formatIban(input: string): string {
  return normalizeIban(input).replace(/(.{4})(?=.)/g, '$1 ');
}
