import { describe, expect, it } from 'vitest';
import type { Translations } from '../lib/i18n';
import { NAMESPACE_FOLDERS } from './i18n';

/** Every namespace file of the app, both languages, read directly (the app downloads them one by one). */
const files = import.meta.glob<Translations>(['../features/**/i18n.ts', '../components/**/i18n.ts'], {
  eager: true,
  import: 'default',
});
const namespaces: Record<string, Translations> = Object.fromEntries(
  Object.entries(NAMESPACE_FOLDERS).map(([ns, folder]) => [ns, files[`../${folder}/i18n.ts`]]),
);

/** Leaf keys of a nested object, with plural suffixes folded (Romanian has _few, English has not). */
function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

function leaves(obj: Record<string, unknown>): string[] {
  return Object.values(obj).flatMap((v) =>
    v && typeof v === 'object' ? leaves(v as Record<string, unknown>) : [String(v)],
  );
}

describe('translations', () => {
  it('every namespace file is registered once, and every registered folder has one', () => {
    const folders = Object.keys(files).map((f) => f.replace(/^\.\.\/(.*)\/i18n\.ts$/, '$1'));
    expect([...folders].sort()).toEqual(Object.values(NAMESPACE_FOLDERS).sort());
    for (const [ns, t] of Object.entries(namespaces)) expect(t?.en, ns).toBeTypeOf('object');
  });

  for (const [ns, t] of Object.entries(namespaces)) {
    it(`${ns}: English and Romanian have the same keys`, () => {
      expect([...new Set(keys(t.ro))].sort()).toEqual([...new Set(keys(t.en))].sort());
    });
    it(`${ns}: no empty texts and no cedilla letters in Romanian (ş ţ instead of ș ț)`, () => {
      for (const text of [...leaves(t.en), ...leaves(t.ro)]) expect(text.trim()).not.toBe('');
      for (const text of leaves(t.ro)) expect(text).not.toMatch(/[şţŞŢ]/);
    });
  }

  it('English texts are in sentence case: no label of capitalised words ("Add Package"), the app’s name aside', () => {
    const titleCase = /^[A-Z][a-z]+( [A-Z][a-z]+)+$/;
    for (const [ns, t] of Object.entries(namespaces))
      for (const text of leaves(t.en))
        if (text !== 'Seller Console') expect(text, `${ns}: ${text}`).not.toMatch(titleCase);
  });

  it('the AWB modal’s one-line placeholders fit its fields on a 390 px phone (at most 32 characters)', () => {
    const awb = (lang: 'en' | 'ro') => (namespaces.orders[lang] as { awbModal: Record<string, string> }).awbModal;
    for (const lang of ['en', 'ro'] as const)
      for (const key of ['courierPlaceholder', 'addressPlaceholder', 'packagePlaceholder'])
        expect(awb(lang)[key].length, `${lang} ${key}: ${awb(lang)[key]}`).toBeLessThanOrEqual(32);
  });

  it('the sign-in texts are the ones of the spec', () => {
    const auth = namespaces.auth;
    expect(auth.en).toMatchObject({
      email: 'Email',
      password: 'Password',
      submit: 'Sign in',
      submitting: 'Signing in...',
      invalidCredentials: 'Invalid credentials',
      loginFailed: 'An error occurred during login',
    });
    expect(auth.ro).toMatchObject({ password: 'Parolă' });
  });

  it('the shared list texts are the ones of the spec', () => {
    const common = namespaces.common.en as {
      list: Record<string, string>;
      layout: Record<string, string>;
      version: string;
    };
    expect(common.list.noResults).toBe('No results found');
    // The spec's words; the numbers are written in the language's own grouping (3,002 / 3.002).
    expect(common.list.showing_other).toBe('Showing {{from, number}} to {{to, number}} of {{count, number}} results');
    expect(common.list.showing_one).toBe('Showing {{from, number}} to {{to, number}} of {{count, number}} result');
    expect(common.list.companyMissing).toBe('Company ID not found');
    expect(common.layout.selectCompany).toBe('Select a company');
    expect(common.version).toBe('v1.0.0');
  });

  it('search placeholders fit the search box (at most 30 characters, 290 px on a phone)', () => {
    const placeholders = (obj: Record<string, unknown>): string[] =>
      Object.entries(obj).flatMap(([k, v]) =>
        v && typeof v === 'object'
          ? placeholders(v as Record<string, unknown>)
          : k === 'searchPlaceholder'
            ? [String(v)]
            : [],
      );
    const all = Object.values(namespaces).flatMap((ns) => [...placeholders(ns.en), ...placeholders(ns.ro)]);
    expect(all.length).toBeGreaterThan(10);
    for (const text of all) expect(text.length, text).toBeLessThanOrEqual(30);
  });
});
