import { useTranslation } from 'react-i18next';

export interface ListTexts {
  title?: string;
  add?: string;
  searchPlaceholder?: string;
  fetchError?: string;
  empty?: string;
  deleted?: string;
  deleteError?: string;
}

/** The standard keys of a list screen in its feature's namespace (see ListPage `texts`). */
export const LIST_TEXT_KEYS: Record<keyof ListTexts, string> = {
  title: 'title',
  add: 'add',
  searchPlaceholder: 'searchPlaceholder',
  fetchError: 'errors.fetch',
  empty: 'empty',
  deleted: 'deleted',
  deleteError: 'errors.delete',
};

/**
 * Reads the standard texts of `where` ('sources' or 'discounts:order'). A missing key stays undefined
 * (ListPage then uses its own default); a text that needs a value ({{reason}}) is the page's to fill,
 * so it is left out too.
 */
export function useListTexts(where: string | undefined): ListTexts {
  const [ns, prefix] = (where ?? 'common').split(':') as [string, string | undefined];
  const { t, i18n } = useTranslation(ns);
  if (!where) return {};
  const out: ListTexts = {};
  for (const [name, key] of Object.entries(LIST_TEXT_KEYS) as [keyof ListTexts, string][]) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (!i18n.exists(full, { ns })) continue;
    const text = t(full);
    if (typeof text === 'string' && !text.includes('{{')) out[name] = text;
  }
  return out;
}
