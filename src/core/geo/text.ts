/**
 * Romanian text helpers for place names: proper diacritics for display, and one folded form that
 * every search compares, so that `iasi` finds Iași and `STEFAN` finds Ștefan.
 */

/** The old cedilla letters (ş ţ, from pre-Unicode-5 Romanian fonts) written as the correct comma-below ș ț. */
export function toCommaBelow(text: string): string {
  return text.replace(/ş/g, 'ș').replace(/Ş/g, 'Ș').replace(/ţ/g, 'ț').replace(/Ţ/g, 'Ț');
}

/** Lower case without diacritics and with single spaces: the form searches compare. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search, folded; every one must appear in a name for it to match. */
export function searchWords(search: string): string[] {
  return foldForSearch(search.replace(/[.,;()"„”]/g, ' '))
    .split(' ')
    .filter(Boolean);
}

/** True when every word of the search appears in the folded name, in any order (`ion mincu` finds `Mincu Ion, arh.`). */
export function matchesWords(foldedName: string, words: string[]): boolean {
  return words.every((w) => foldedName.includes(w));
}

// Short words that stay in lower case inside a place name (Valea lui Ion, Ștefan cel Mare).
const LOWER_WORDS = new Set(['de', 'din', 'lui', 'la', 'pe', 'cu', 'sub', 'și', 'peste', 'cel']);

/** An upper-case register name (`VALEA LUI ION`, `CLUJ-NAPOCA`) in title case (`Valea lui Ion`, `Cluj-Napoca`). */
export function titleCaseRo(upper: string): string {
  const lower = toCommaBelow(upper).toLocaleLowerCase('ro').replace(/\s+/g, ' ').trim();
  return lower
    .split(' ')
    .map((word, i) =>
      i > 0 && LOWER_WORDS.has(word)
        ? word
        : word
            .split('-')
            .map((part) => (part ? part[0].toLocaleUpperCase('ro') + part.slice(1) : part))
            .join('-'),
    )
    .join(' ')
    .replace(/\.(\p{Ll})/gu, (_, c: string) => '.' + c.toLocaleUpperCase('ro'));
}
