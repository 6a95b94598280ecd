import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { GeoLocality } from '../../../core/api/geo';
import { foldForSearch, matchesWords, searchWords } from '../../../core/geo/text';

/** How a locality reads in the select: villages carry their commune (twenty villages are named Valea Mare). */
export const localityLabel = (l: Pick<GeoLocality, 'name' | 'commune'>) =>
  l.commune ? `${l.name} (${l.commune})` : l.name;

/**
 * Mantine's option filter, ignoring diacritics, case and word order (`iasi` finds Iași, `ion mincu`
 * finds Strada Mincu Ion), the same rule as the server's search.
 */
export const foldedFilter: OptionsFilter = ({ options, search, limit }) => {
  const words = searchWords(search);
  const out: ComboboxParsedItem[] = [];
  for (const o of options) {
    if (out.length >= limit) break;
    if ('group' in o) continue;
    if (!words.length || matchesWords(foldForSearch((o as ComboboxItem).label), words)) out.push(o);
  }
  return out;
};

/** The options with the chosen one kept first when a search answer no longer holds it (Select shows its label from the data). */
export function withChosen(options: ComboboxItem[], chosen: ComboboxItem | null): ComboboxItem[] {
  if (!chosen || options.some((o) => o.value === chosen.value)) return options;
  return [chosen, ...options];
}

/** Keeps only the digits of a typed street number (the spec: the number accepts digits only). */
export const digitsOnly = (text: string) => text.replace(/\D+/g, '').slice(0, 6);
