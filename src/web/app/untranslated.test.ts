import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredMessages, serverMessages } from '../../core/messages';
import type { Translations } from '../lib/i18n';

/*
 * A text left untranslated reads the same in both languages ("Bucata (piece)" as an English sale
 * type, an English "Total" is fine): every i18n file of the web app and the server's messages are
 * compared value by value. A value that is the same in English and Romanian may only be made of
 * placeholders, numbers, signs and the words below (brand names, codes, units, and the few words
 * spelled alike in both languages).
 */
const SAME_IN_BOTH = new Set([
  // brands and products
  'Seller',
  'Console',
  'Cargus',
  'Sameday',
  'DPD',
  'FAN',
  'Courier',
  'SmartBill',
  'Vonage',
  'Telegram',
  'WooCommerce',
  // codes and formats
  'AWB',
  'SKU',
  'IBAN',
  'CUI',
  'SMS',
  'GSM',
  'Unicode',
  'ID',
  'EUR',
  'RON',
  'TVA',
  'CSV',
  'XLSX',
  'PDF',
  'ZIP',
  'API',
  'xx',
  'xxx',
  'v',
  // units
  'kg',
  'cm',
  // words written alike in both languages
  'Email',
  'Total',
  'Subtotal',
  'Administrator',
  'Document',
  'Card',
  'Contact',
  'Secret',
  'General',
  'Set',
]);

/** Texts that name Romanian things in the English text on purpose (the data's sources, the alphabet). */
const ROMANIAN_ON_PURPOSE = new Set(['address:about.notice', 'messages:counter.diacritics']);

/** Words that are Romanian, never English: one of them in an English text is a copy left over. */
const ROMANIAN_WORDS =
  /(?<!\p{L})(și|sau|nu|este|pentru|comanda|comandă|comenzi|produs|produse|bucata|bucată|pachet|bax|palet|factura|factură|ziua|plăți|salvat|salvate|anulat|anulată|livrat|în|cu|de|la)(?!\p{L})/iu;
/** Words that are English, never Romanian: one of them in a Romanian text is a copy left over. */
const ENGLISH_WORDS =
  /(?<!\p{L})(the|and|with|order|orders|please|failed|save|saved|delete|cancel|you|your|of|to|from|for|piece|pack|case|pallet|invoice|shipping)(?!\p{L})/iu;

const files = import.meta.glob<Translations>(['../features/**/i18n.ts', '../components/**/i18n.ts'], {
  eager: true,
  import: 'default',
});
const namespaceOf = (file: string) => {
  const folder = file.replace(/^\.\.\/(.*)\/i18n\.ts$/, '$1');
  return folder === 'components'
    ? 'common'
    : folder
        .split('/')
        .at(-1)!
        .replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
};

/** Every [key, English, Romanian] of the same leaf key, plural forms compared by their own suffix. */
function pairs(en: unknown, ro: unknown, path: string, out: [string, string, string][] = []) {
  if (en && typeof en === 'object')
    for (const [k, v] of Object.entries(en))
      pairs(v, (ro as Record<string, unknown> | undefined)?.[k], path ? `${path}.${k}` : k, out);
  else if (typeof en === 'string' && typeof ro === 'string') out.push([path, en, ro]);
  return out;
}

/*
 * Most of the server's messages are registered by the modules that use them (registerMessages, at
 * import time): every source file of src/ that registers some is imported here, so a module's new
 * texts are compared too without being named in this test.
 */
const SRC = path.resolve(import.meta.dirname, '../..');
const registering = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('web'))
  .map((f) => path.join(SRC, f))
  .filter((file) => /\bregisterMessages\(\{/.test(fs.readFileSync(file, 'utf8')));
for (const file of registering) await import(/* @vite-ignore */ file);
const registered = registeredMessages();

const all: [string, string, string][] = [
  ...Object.entries(files).flatMap(([file, t]) =>
    pairs(t.en, t.ro, '').map(([k, en, ro]): [string, string, string] => [`${namespaceOf(file)}:${k}`, en, ro]),
  ),
  ...pairs(serverMessages.en, serverMessages.ro, '').map(([k, en, ro]): [string, string, string] => [
    `server:${k}`,
    en,
    ro,
  ]),
  ...pairs(registered.en, registered.ro, '').map(([k, en, ro]): [string, string, string] => [`server:${k}`, en, ro]),
];

/** The words of a text once placeholders ({{x}}, {x}, $t(...)) are taken out. */
const words = (text: string) =>
  text
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/\{\{[^}]*\}\}|\{[^}]*\}/g, ' ')
    .match(/\p{L}+/gu) ?? [];

describe('untranslated copies', () => {
  it('reads the texts of every i18n file', () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some(([k]) => k === 'products:saleTypes.Bucata')).toBe(true);
  });

  it('reads the messages every server module registers, in both languages', () => {
    expect(registering.length).toBeGreaterThan(20);
    expect(Object.keys(registered.en).length).toBeGreaterThan(300);
    expect(all.find(([k]) => k === 'server:invitation_used')?.[2]).toBe(
      'Acest link de invitație a fost deja folosit. Autentificați-vă cu adresa de e-mail și parola.',
    );
    // A key registered in one language only would show the English text to a Romanian reader (a
    // plural's forms differ by language: Romanian has a "few", so they are compared by their base).
    const keys = (lang: 'en' | 'ro') =>
      new Set(Object.keys(registered[lang]).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
    const [en, ro] = [keys('en'), keys('ro')];
    const missing = [
      ...[...en].filter((k) => !ro.has(k)).map((k) => `ro lacks ${k}`),
      ...[...ro].filter((k) => !en.has(k)).map((k) => `en lacks ${k}`),
    ];
    expect(missing).toEqual([]);
  });

  it('a value the same in English and Romanian holds only brand names, codes and units', () => {
    const copies = all
      .filter(([, en, ro]) => en.trim() === ro.trim())
      .filter(([, en]) => words(en).some((w) => !SAME_IN_BOTH.has(w)))
      .map(([k, en]) => `${k} = ${en}`);
    expect(copies).toEqual([]);
  });

  it('no Romanian word in an English text, no English word in a Romanian one', () => {
    const strip = (text: string) => text.replace(/\$t\([^)]*\)/g, ' ').replace(/\{\{[^}]*\}\}|\{[^}]*\}/g, ' ');
    const romanianInEnglish = all
      .filter(([k, en]) => !ROMANIAN_ON_PURPOSE.has(k) && ROMANIAN_WORDS.test(strip(en)))
      .map(([k, en]) => `${k} = ${en}`);
    const englishInRomanian = all
      .filter(([, , ro]) => ENGLISH_WORDS.test(strip(ro)))
      .map(([k, , ro]) => `${k} = ${ro}`);
    expect(romanianInEnglish).toEqual([]);
    expect(englishInRomanian).toEqual([]);
  });

  it('the sale types read in English in the English texts (not "Bucata (piece)")', () => {
    const en = all.filter(([k]) => k.startsWith('products:saleTypes.')).map(([, v]) => v);
    expect(en).toEqual(['Piece', 'Set', 'Pack', 'Case', 'Pallet']);
  });
});
