import { foldForSearch } from '../../../core/geo/text.js';

/**
 * The part of the customer's address line that is not the street and number ("bl. A, sc. 1,
 * ap. 3"), for a courier that takes the street and number in fields of their own (FAN's
 * `street`/`streetNo`) and the rest in another (`building`): sent whole, the line would print the
 * street twice on the label.
 *
 * The line loses its start only when it begins with the street's name and then the AWB's number
 * (an "nr." between them or not), compared word by word without diacritics, case or punctuation;
 * a line that is only the street and number gives nothing. Any other line (another street first,
 * a longer street's name, another number, no number) is kept whole, so that nothing the customer
 * typed is lost.
 */
export function addressLineRest(
  line: string,
  streetName: string | undefined,
  streetNumber: string | undefined,
): string {
  const text = line.normalize('NFC').trim();
  const street = words(streetName ?? '');
  if (!street.length) return text;
  const typed = words(text);
  if (typed.length < street.length || street.some((w, i) => w.folded !== typed[i].folded)) return text;

  // Without a number the line is cut only when it is nothing but the street: a word after it may
  // be part of a longer street's name ("Strada Fabricii de Zahăr").
  const next = typed[street.length];
  const number = foldForSearch(streetNumber ?? '');
  if (!next) return '';
  if (!number) return text;
  const after = typed[street.length + 1];
  let end: number;
  if (next.folded === number || [...NUMBER_MARKERS].some((m) => next.folded === m + number)) end = next.end;
  else if (NUMBER_MARKERS.has(next.folded) && after?.folded === number) end = after.end;
  else return text;
  return text
    .slice(end)
    .replace(/^[\s,.;:/–—-]+/, '')
    .trim();
}

/** The words that say a house number follows ("nr. 7", "număr 7", "no. 7"), folded. */
const NUMBER_MARKERS = new Set(['nr', 'numar', 'numarul', 'no']);

interface Word {
  folded: string;
  end: number;
}

/** The line's words (letters and digits; punctuation and spaces only separate them), folded, with where each ends. */
function words(text: string): Word[] {
  return [...text.normalize('NFC').matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => ({
    folded: foldForSearch(m[0]),
    end: m.index + m[0].length,
  }));
}
