/**
 * Texts written key by key with both languages side by side, so a text is edited in one place:
 *
 *   title: { en: 'Orders', ro: 'Comenzi' },
 *   count_one: { en: '{{count}} order', ro: '{{count}} comandă' },
 *   count_few: { ro: '{{count}} comenzi' },          // a plural form English has not: Romanian alone
 *   count_other: { en: '{{count}} orders', ro: '{{count}} de comenzi' },
 *
 * `byLanguage(...)` turns one or more such trees into a namespace's `{ en, ro }` (lib/i18n.ts
 * `Translations`), the shape i18next and the per-language download read. It imports nothing, so a
 * namespace file that uses it stays plain data for scripts/translations-per-language.ts.
 */

/** One text in both languages. */
export interface Text {
  en: string;
  ro: string;
}

/** A Romanian plural form English has not (`key_few`): Romanian alone. */
export interface RomanianOnly {
  ro: string;
}

/** A tree of texts: groups of keys, each leaf a text in both languages. */
export interface TextTree {
  [key: string]: Text | RomanianOnly | TextTree;
}

type Texts = Record<string, unknown>;

function isText(node: object): node is Partial<Text> {
  const keys = Object.keys(node);
  return (
    keys.length > 0 &&
    keys.every((k) => (k === 'en' || k === 'ro') && typeof (node as Record<string, unknown>)[k] === 'string')
  );
}

function split(tree: TextTree, en: Texts, ro: Texts, path: string): void {
  for (const [key, node] of Object.entries(tree)) {
    const at = `${path}${key}`;
    if (isText(node)) {
      if (Object.hasOwn(ro, key)) throw new Error(`The text "${at}" is written twice.`);
      if (node.ro === undefined) throw new Error(`The text "${at}" has no Romanian.`);
      // Only Romanian has a "few" plural form; every other text exists in both languages.
      if (node.en === undefined && !key.endsWith('_few')) throw new Error(`The text "${at}" has no English.`);
      ro[key] = node.ro;
      if (node.en !== undefined) en[key] = node.en;
      continue;
    }
    const group = node as TextTree;
    // Own keys only: a text may be named like a property of every object (`valueOf`).
    const enGroup = Object.hasOwn(en, key) ? en[key] : (en[key] = {});
    const roGroup = Object.hasOwn(ro, key) ? ro[key] : (ro[key] = {});
    if (typeof enGroup !== 'object' || typeof roGroup !== 'object')
      throw new Error(`"${at}" is both a text and a group.`);
    split(group, enGroup as Texts, roGroup as Texts, `${at}.`);
  }
}

/**
 * The namespace of one or more text trees: `{ en, ro }`, same keys in both (Romanian's `_few`
 * aside). Trees are merged group by group (two rooms may each add keys to `errors`); a key written
 * twice, a text without Romanian, or one without English (other than `_few`) throws.
 */
export function byLanguage(...trees: TextTree[]): { en: Texts; ro: Texts } {
  const en: Texts = {};
  const ro: Texts = {};
  for (const tree of trees) split(tree, en, ro, '');
  return { en, ro };
}
