import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { common } from './i18n';

/** The list footers write their numbers as the dashboard does: the language's own grouping. */
describe('list footer numbers', () => {
  it('group thousands by the interface language (3,002 / 3.002)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { common: common.en }, ro: { common: common.ro } },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('list.showing', { from: 1, to: 10, count: 3002 })).toBe('Showing 1 to 10 of 3,002 results');
    expect(i18n.t('list.showingMore', { from: 1001, to: 1010, count: 1200 })).toBe(
      'Showing 1,001 to 1,010 of more than 1,200 results',
    );
    await i18n.changeLanguage('ro');
    expect(i18n.t('list.showing', { from: 1, to: 10, count: 3002 })).toBe('Se afișează 1–10 din 3.002 rezultate');
    expect(i18n.t('list.showing', { from: 1, to: 10, count: 3020 })).toBe('Se afișează 1–10 din 3.020 de rezultate');
    expect(i18n.t('list.showing', { from: 1, to: 1, count: 1 })).toBe('Se afișează 1–1 din 1 rezultat');
  });
});
