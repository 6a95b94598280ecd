import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The interface language as stored in the browser: read by the app's i18n (lib/i18n.ts) and by the
 * sign-in page, which is written without React or i18next (features/auth/signIn.ts).
 */
export type Language = 'en' | 'ro';
export const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ro', label: 'Română' },
];

export function storedLanguage(): Language {
  return readStorage(STORAGE_KEYS.language) === 'ro' ? 'ro' : 'en';
}

export function storeLanguage(lang: Language): void {
  writeStorage(STORAGE_KEYS.language, lang);
}
