/** The browser's local storage keys, exactly these names: renaming one signs users out and forgets their company and language. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  language: 'language',
  selectedCompanyId: 'selectedCompanyId',
  selectedCompanyName: 'selectedCompanyName',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeStorage(key: StorageKey, value: string | null): void {
  const s = store();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

/**
 * The stored sign-in: the token and the user as JSON, read back by lib/session.ts. Written there and
 * by the sign-in page, which runs before the app (features/auth/signIn.ts).
 */
export function storeSignIn(token: string, user: unknown): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
}
