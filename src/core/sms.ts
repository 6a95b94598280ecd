/**
 * SMS length counter: what the message form shows under the text.
 *
 * A text is GSM-7 when every character is in the GSM 03.38 basic set or its extension table;
 * otherwise the whole message is sent as UCS-2 (a "Unicode" message).
 * - GSM-7: basic characters count 1, extension characters (| ^ € { } [ ] ~ \ and form feed) count 2
 *   (they travel as ESC + character).
 * - UCS-2: the length is the number of UTF-16 code units, so an emoji outside the BMP counts 2.
 * - One message holds 160 (GSM-7) or 70 (UCS-2); a longer text is split into parts of 153 or 67.
 * - parts = ceil(length / part size), where the part size is the single capacity while the text
 *   fits in one message and the multipart size otherwise (so an empty text has 0 parts).
 * - Colour: grey below 75 % of the single-message capacity, orange from 75 %, red with more than
 *   one part.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsColour = 'grey' | 'orange' | 'red';

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const satisfies Record<SmsEncoding, { single: number; part: number }>;

/** Share of the single-message capacity from which the counter turns orange. */
export const SMS_WARN_RATIO = 0.75;

/** Longest template the server accepts, in SMS parts. */
export const SMS_MAX_PARTS = 10;

// GSM 03.38 basic character set (the ESC code 0x1B is not a character of its own).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// GSM 03.38 extension table: each costs two septets.
const GSM_EXTENDED = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export const isGsmBasic = (ch: string): boolean => BASIC.has(ch);
export const isGsmExtended = (ch: string): boolean => EXTENDED.has(ch);

export interface SmsCount {
  encoding: SmsEncoding;
  /** True for UCS-2: the UI shows a "Unicode" badge. */
  unicode: boolean;
  /** Length in the encoding's units: septets for GSM-7 (extended count 2), UTF-16 code units for UCS-2. */
  length: number;
  /** Number of SMS parts the text is sent as (0 for an empty text). */
  parts: number;
  /** Units one part holds at the current length: the single capacity, or the multipart size once split. */
  perPart: number;
  /** Single-message capacity of the encoding (160 or 70): the base of the colour thresholds. */
  capacity: number;
  /** Units left before the next part starts (or before the single message overflows). */
  remaining: number;
  colour: SmsColour;
  /** Distinct characters, in order of appearance, that force UCS-2. */
  unicodeChars: string[];
  /** True when Romanian letters with diacritics are among them (the UI offers to replace them). */
  hasDiacritics: boolean;
}

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENDED.has(ch)) return 'UCS-2';
  return 'GSM-7';
}

export function countSms(text: string): SmsCount {
  const encoding = smsEncoding(text);
  const limits = SMS_LIMITS[encoding];
  let length = 0;
  if (encoding === 'UCS-2') length = text.length;
  else for (const ch of text) length += EXTENDED.has(ch) ? 2 : 1;

  const perPart = length <= limits.single ? limits.single : limits.part;
  const parts = Math.ceil(length / perPart);
  const remaining = parts === 0 ? limits.single : parts * perPart - length;
  const colour: SmsColour = parts > 1 ? 'red' : length >= limits.single * SMS_WARN_RATIO ? 'orange' : 'grey';

  const unicodeChars: string[] = [];
  if (encoding === 'UCS-2') {
    for (const ch of text) if (!BASIC.has(ch) && !EXTENDED.has(ch) && !unicodeChars.includes(ch)) unicodeChars.push(ch);
  }
  return {
    encoding,
    unicode: encoding === 'UCS-2',
    length,
    parts,
    perPart,
    capacity: limits.single,
    remaining,
    colour,
    unicodeChars,
    hasDiacritics: hasRomanianDiacritics(text),
  };
}

// Romanian letters with diacritics, precomposed (comma-below and the older cedilla forms) ...
const DIACRITIC_MAP: Record<string, string> = {
  ă: 'a',
  Ă: 'A',
  â: 'a',
  Â: 'A',
  î: 'i',
  Î: 'I',
  ș: 's',
  Ș: 'S',
  ş: 's',
  Ş: 'S',
  ț: 't',
  Ț: 'T',
  ţ: 't',
  Ţ: 'T',
};
const PRECOMPOSED = /[ăĂâÂîÎșȘşŞțȚţŢ]/g;
// ... and decomposed (base letter + combining breve, circumflex, comma below or cedilla), as pasted from some editors.
const DECOMPOSED = /([aA])[\u0306\u0302]|([iI])\u0302|([sStT])[\u0326\u0327]/g;

export function hasRomanianDiacritics(text: string): boolean {
  PRECOMPOSED.lastIndex = 0;
  DECOMPOSED.lastIndex = 0;
  return PRECOMPOSED.test(text) || DECOMPOSED.test(text);
}

/** Rewrites ă â î ș ț (any case, comma or cedilla, composed or not) to a a i s t; nothing else changes. */
export function replaceDiacritics(text: string): string {
  return text
    .replace(DECOMPOSED, (_m, a?: string, i?: string, st?: string) => a ?? i ?? st ?? '')
    .replace(PRECOMPOSED, (ch) => DIACRITIC_MAP[ch] ?? ch);
}

/**
 * A valid SMS sender: an alphanumeric sender id of 1 to 11 ASCII letters and digits with at least
 * one letter, or a phone number in international (E.164) form: "+" or "00", then 8 to 15 digits.
 */
export function isValidSmsSender(from: string): boolean {
  const value = from.trim();
  if (/^(?:\+|00)\d{8,15}$/.test(value)) return true;
  return /^[A-Za-z0-9]{1,11}$/.test(value) && /[A-Za-z]/.test(value);
}
