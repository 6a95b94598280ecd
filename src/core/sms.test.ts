import { describe, expect, it } from 'vitest';
import { countSms, hasRomanianDiacritics, isValidSmsSender, replaceDiacritics, smsEncoding } from './sms.js';

const a = (n: number) => 'a'.repeat(n);
const u = (n: number) => 'ш'.repeat(n); // Cyrillic: not GSM, one UTF-16 unit each

describe('countSms: table of cases', () => {
  const cases: {
    name: string;
    text: string;
    encoding: 'GSM-7' | 'UCS-2';
    length: number;
    parts: number;
    colour: 'grey' | 'orange' | 'red';
  }[] = [
    { name: 'empty', text: '', encoding: 'GSM-7', length: 0, parts: 0, colour: 'grey' },
    { name: 'plain', text: 'Comanda 123 a fost expediata.', encoding: 'GSM-7', length: 29, parts: 1, colour: 'grey' },
    {
      name: 'GSM basic specials',
      text: '@£$¥èéùìòÇØøÅåΔ_ÆæßÉ¡¿§ÄÖÑÜäöñüà',
      encoding: 'GSM-7',
      length: 32,
      parts: 1,
      colour: 'grey',
    },
    { name: 'newline counts 1', text: 'a\nb', encoding: 'GSM-7', length: 3, parts: 1, colour: 'grey' },
    { name: 'each extended counts 2', text: '|^€{}[]~\\', encoding: 'GSM-7', length: 18, parts: 1, colour: 'grey' },
    { name: 'form feed is extended', text: 'a\fb', encoding: 'GSM-7', length: 4, parts: 1, colour: 'grey' },
    { name: 'price with euro', text: 'Total: 10€', encoding: 'GSM-7', length: 11, parts: 1, colour: 'grey' },
    { name: 'GSM exactly 160', text: a(160), encoding: 'GSM-7', length: 160, parts: 1, colour: 'orange' },
    { name: 'GSM 161 splits in 2', text: a(161), encoding: 'GSM-7', length: 161, parts: 2, colour: 'red' },
    { name: 'GSM 306 is 2 parts', text: a(306), encoding: 'GSM-7', length: 306, parts: 2, colour: 'red' },
    { name: 'GSM 307 is 3 parts', text: a(307), encoding: 'GSM-7', length: 307, parts: 3, colour: 'red' },
    { name: 'extended pushes over 160', text: a(159) + '€', encoding: 'GSM-7', length: 161, parts: 2, colour: 'red' },
    { name: 'extended fits at 160', text: a(158) + '€', encoding: 'GSM-7', length: 160, parts: 1, colour: 'orange' },
    {
      name: 'GSM 119 grey (below 75 % of 160)',
      text: a(119),
      encoding: 'GSM-7',
      length: 119,
      parts: 1,
      colour: 'grey',
    },
    { name: 'GSM 120 orange (75 % of 160)', text: a(120), encoding: 'GSM-7', length: 120, parts: 1, colour: 'orange' },
    { name: 'diacritic switches to UCS-2', text: 'Mulțumim!', encoding: 'UCS-2', length: 9, parts: 1, colour: 'grey' },
    { name: 'cedilla forms too', text: 'şţŞŢ', encoding: 'UCS-2', length: 4, parts: 1, colour: 'grey' },
    { name: 'capital diacritics', text: 'ĂÂÎȘȚ', encoding: 'UCS-2', length: 5, parts: 1, colour: 'grey' },
    { name: 'extended counts 1 in UCS-2', text: 'ă€', encoding: 'UCS-2', length: 2, parts: 1, colour: 'grey' },
    { name: 'emoji counts 2 units', text: 'Hi 😀', encoding: 'UCS-2', length: 5, parts: 1, colour: 'grey' },
    { name: 'UCS-2 exactly 70', text: u(70), encoding: 'UCS-2', length: 70, parts: 1, colour: 'orange' },
    { name: 'UCS-2 71 splits in 2', text: u(71), encoding: 'UCS-2', length: 71, parts: 2, colour: 'red' },
    { name: 'UCS-2 134 is 2 parts', text: u(134), encoding: 'UCS-2', length: 134, parts: 2, colour: 'red' },
    { name: 'UCS-2 135 is 3 parts', text: u(135), encoding: 'UCS-2', length: 135, parts: 3, colour: 'red' },
    { name: 'UCS-2 52 grey (below 52.5)', text: u(52), encoding: 'UCS-2', length: 52, parts: 1, colour: 'grey' },
    { name: 'UCS-2 53 orange (75 % of 70)', text: u(53), encoding: 'UCS-2', length: 53, parts: 1, colour: 'orange' },
    { name: 'emoji pair at 70 units', text: a(68) + '😀', encoding: 'UCS-2', length: 70, parts: 1, colour: 'orange' },
    { name: 'emoji pushes to 71 units', text: a(69) + '😀', encoding: 'UCS-2', length: 71, parts: 2, colour: 'red' },
    {
      name: 'one diacritic turns 100 GSM chars into 2 UCS-2 parts',
      text: a(99) + 'ș',
      encoding: 'UCS-2',
      length: 100,
      parts: 2,
      colour: 'red',
    },
  ];
  it.each(cases)('$name', ({ text, encoding, length, parts, colour }) => {
    const c = countSms(text);
    expect(c.encoding).toBe(encoding);
    expect(c.unicode).toBe(encoding === 'UCS-2');
    expect(c.length).toBe(length);
    expect(c.parts).toBe(parts);
    expect(c.colour).toBe(colour);
  });
});

describe('countSms details', () => {
  it('capacity, part size and remaining', () => {
    expect(countSms(a(10))).toMatchObject({ capacity: 160, perPart: 160, remaining: 150 });
    expect(countSms(a(161))).toMatchObject({ capacity: 160, perPart: 153, remaining: 145 });
    expect(countSms(u(10))).toMatchObject({ capacity: 70, perPart: 70, remaining: 60 });
    expect(countSms(u(71))).toMatchObject({ capacity: 70, perPart: 67, remaining: 63 });
    expect(countSms('')).toMatchObject({ parts: 0, remaining: 160 });
  });

  it('lists the characters that force Unicode and flags diacritics', () => {
    expect(countSms('Livrăm azi 😀, mulțumim ă').unicodeChars).toEqual(['ă', '😀', 'ț']);
    expect(countSms('Livrăm').hasDiacritics).toBe(true);
    expect(countSms('Hi 😀').hasDiacritics).toBe(false);
    expect(countSms('plain').unicodeChars).toEqual([]);
  });

  it('encoding of single characters', () => {
    expect(smsEncoding('€')).toBe('GSM-7');
    expect(smsEncoding('ç')).toBe('UCS-2'); // only the capital Ç is in the GSM set
    expect(smsEncoding('`')).toBe('UCS-2');
  });
});

describe('replaceDiacritics', () => {
  it.each([
    ['Mulțumim pentru comandă!', 'Multumim pentru comanda!'],
    ['ă â î ș ț Ă Â Î Ș Ț', 'a a i s t A A I S T'],
    ['ş ţ Ş Ţ', 's t S T'],
    ['s\u0326i t\u0327a\u0306 i\u0302', 'si ta i'],
    ['Café 10€ {ok}', 'Café 10€ {ok}'],
    ['Livrăm 😀', 'Livram 😀'],
  ])('%s → %s', (input, output) => {
    expect(replaceDiacritics(input)).toBe(output);
  });

  it('brings a Romanian text back to GSM-7', () => {
    const text = 'Bună ziua! Comanda dumneavoastră a fost expediată. Vă mulțumim că ați ales magazinul nostru!';
    expect(countSms(text).encoding).toBe('UCS-2');
    expect(hasRomanianDiacritics(text)).toBe(true);
    const fixed = replaceDiacritics(text);
    expect(countSms(fixed).encoding).toBe('GSM-7');
    expect(hasRomanianDiacritics(fixed)).toBe(false);
    expect(fixed.length).toBe(text.length);
  });
});

describe('isValidSmsSender', () => {
  it.each([
    'MagazinRO',
    'CasaVerde',
    'A',
    'ABCDEFGHIJK',
    'Shop24',
    '+40722123456',
    '0040722123456',
    '+12025550123',
    '+40722123',
  ])('accepts %s', (s) => {
    expect(isValidSmsSender(s)).toBe(true);
  });
  it.each([
    '',
    'ABCDEFGHIJKL',
    'Casa Verde',
    'Magazin-RO',
    'Mulțumim',
    '12345',
    '0722123456',
    '+40 722 123 456',
    '+4072',
    '+4072212345678901',
    '40722123456',
    'Shop!',
    '++40722123456',
  ])('refuses %s', (s) => {
    expect(isValidSmsSender(s)).toBe(false);
  });
});
