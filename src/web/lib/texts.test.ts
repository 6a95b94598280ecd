import { describe, expect, it } from 'vitest';
import { byLanguage, type TextTree } from './texts';

describe('byLanguage', () => {
  it('splits texts written side by side into the namespace of each language, Romanian’s few form its own', () => {
    const list = {
      title: { en: 'Orders', ro: 'Comenzi' },
      count_one: { en: '{{count}} order', ro: '{{count}} comandă' },
      count_few: { ro: '{{count}} comenzi' },
      count_other: { en: '{{count}} orders', ro: '{{count}} de comenzi' },
      errors: { fetch: { en: 'Failed to fetch orders', ro: 'Comenzile nu au putut fi încărcate' } },
    } satisfies TextTree;
    expect(byLanguage(list)).toEqual({
      en: {
        title: 'Orders',
        count_one: '{{count}} order',
        count_other: '{{count}} orders',
        errors: { fetch: 'Failed to fetch orders' },
      },
      ro: {
        title: 'Comenzi',
        count_one: '{{count}} comandă',
        count_few: '{{count}} comenzi',
        count_other: '{{count}} de comenzi',
        errors: { fetch: 'Comenzile nu au putut fi încărcate' },
      },
    });
  });

  it('merges the rooms group by group, a text named like an object property included', () => {
    const detail = { errors: { fetchOne: { en: 'Failed to fetch order', ro: 'Comanda nu a putut fi încărcată' } } };
    const dialogs = { errors: { valueOf: { en: 'Value', ro: 'Valoare' } } };
    expect(byLanguage(detail, dialogs).ro).toEqual({
      errors: { fetchOne: 'Comanda nu a putut fi încărcată', valueOf: 'Valoare' },
    });
  });

  it('refuses a key written twice, a text without Romanian or English, and a key both text and group', () => {
    const title = { title: { en: 'Orders', ro: 'Comenzi' } };
    expect(() => byLanguage(title, title)).toThrow('The text "title" is written twice.');
    expect(() => byLanguage({ errors: { x: { en: 'X' } } } as unknown as TextTree)).toThrow(
      'The text "errors.x" has no Romanian.',
    );
    expect(() => byLanguage({ count_other: { ro: 'de comenzi' } })).toThrow('The text "count_other" has no English.');
    expect(() => byLanguage(title, { title: { sub: { en: 'a', ro: 'b' } } })).toThrow(
      '"title" is both a text and a group.',
    );
  });
});
