import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { foldForSearch, matchesWords, searchWords } from '../../core/geo/text';

/**
 * Every select's search (the theme's default filter of Select, MultiSelect and Autocomplete):
 * diacritics, case and word order ignored, as the server's searches (`nita` finds "Bogdan Niță",
 * `targuri` finds "Târguri", the cedilla forms ş ţ too), at most `limit` options, groups kept
 * with the options of theirs that match. The address pickers use their own (components/address).
 */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const words = searchWords(search);
  let left = limit;
  const keep = (items: ComboboxParsedItem[]): ComboboxParsedItem[] => {
    const out: ComboboxParsedItem[] = [];
    for (const o of items) {
      if (left <= 0) break;
      if ('group' in o) {
        const inner = keep(o.items) as ComboboxItem[];
        if (inner.length) out.push({ group: o.group, items: inner });
      } else if (!words.length || matchesWords(foldForSearch(o.label), words)) {
        out.push(o);
        left -= 1;
      }
    }
    return out;
  };
  return keep(options);
};
