import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { serverMessages } from '../../core/messages';
import { storedLanguage, storeLanguage, type Language } from './language';

export { LANGUAGES, storedLanguage, type Language } from './language';

/** One feature's texts: the same keys in both languages (nested objects allowed). */
export interface Translations {
  en: Record<string, unknown>;
  ro: Record<string, unknown>;
}

/** Locale for dates and numbers: en-US by default, ro-RO in Romanian. */
export function localeOf(lang: string): string {
  return lang.startsWith('ro') ? 'ro-RO' : 'en-US';
}

/**
 * Starts i18next with the namespaces bundled with the first screen (both languages) plus `server`,
 * the catalogue of messages the API answers with; any other namespace comes from `load` the first
 * time a screen asks for it (`loadNamespaces`, or useTranslation, which suspends until it is in),
 * in the current language only; a change of language downloads the new language's texts of the
 * namespaces already used before it switches.
 */
export function setupI18n(
  bundled: Record<string, Translations>,
  load: (lang: Language, ns: string) => Promise<Record<string, unknown>>,
): typeof i18n {
  const resources: Record<Language, Record<string, Record<string, unknown>>> = {
    en: { server: serverMessages.en },
    ro: { server: serverMessages.ro },
  };
  for (const [ns, t] of Object.entries(bundled)) {
    resources.en[ns] = t.en;
    resources.ro[ns] = t.ro;
  }
  if (!i18n.isInitialized) {
    void i18n
      .use({
        type: 'backend',
        init() {},
        read(lang: string, ns: string, done: (error: unknown, texts: Record<string, unknown> | false) => void) {
          load(lang === 'ro' ? 'ro' : 'en', ns).then(
            (texts) => done(null, texts),
            (error: unknown) => done(error, false),
          );
        },
      })
      .use(initReactI18next)
      .init({
        resources,
        partialBundledLanguages: true,
        lng: storedLanguage(),
        // Both languages have the same keys (app/i18n.test.ts): no fallback language, whose texts
        // would be downloaded next to the reader's.
        fallbackLng: false,
        defaultNS: 'common',
        ns: Object.keys(resources.en),
        interpolation: { escapeValue: false },
        returnNull: false,
        initAsync: false,
      });
  } else {
    for (const lang of ['en', 'ro'] as const)
      for (const [ns, bundle] of Object.entries(resources[lang])) i18n.addResourceBundle(lang, ns, bundle, true, true);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
  return i18n;
}

export async function changeLanguage(lang: Language): Promise<void> {
  storeLanguage(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}
