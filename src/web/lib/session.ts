import { useSyncExternalStore } from 'react';
import type { AuthUser } from '../../core/api/auth';
import { readStorage, STORAGE_KEYS, storeSignIn, writeStorage } from './storage';

/**
 * The browser session: token, user and the selected company, mirrored in local storage.
 * A tiny external store so that the api client (outside React) and components read the same state.
 */
export interface SelectedCompany {
  id: number;
  name: string;
}

export interface SessionState {
  token: string | null;
  user: AuthUser | null;
  company: SelectedCompany | null;
}

function parseUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as AuthUser;
    return u && typeof u === 'object' && typeof u.email === 'string' ? u : null;
  } catch {
    return null;
  }
}

function readCompany(): SelectedCompany | null {
  const id = Number(readStorage(STORAGE_KEYS.selectedCompanyId));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, name: readStorage(STORAGE_KEYS.selectedCompanyName) ?? '' };
}

function load(): SessionState {
  return {
    token: readStorage(STORAGE_KEYS.token),
    user: parseUser(readStorage(STORAGE_KEYS.user)),
    company: readCompany(),
  };
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads local storage (tests, other tabs). */
  reload(): void {
    set(load());
  },
  signIn(token: string, user: AuthUser): void {
    storeSignIn(token, user);
    set({ token, user });
  },
  setUser(user: AuthUser): void {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
  /** Clears token, user and the selected company, even when the logout call failed: signing out never depends on the server. */
  clear(): void {
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.user, null);
    writeStorage(STORAGE_KEYS.selectedCompanyId, null);
    writeStorage(STORAGE_KEYS.selectedCompanyName, null);
    set({ token: null, user: null, company: null });
  },
  selectCompany(company: SelectedCompany | null): void {
    writeStorage(STORAGE_KEYS.selectedCompanyId, company ? String(company.id) : null);
    writeStorage(STORAGE_KEYS.selectedCompanyName, company ? company.name : null);
    set({ company });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The selected company ({id, name}) or null when none is selected. */
export function useSelectedCompany(): SelectedCompany | null {
  return useSession().company;
}

/** The selected company's id, or null. */
export function useCompanyId(): number | null {
  return useSession().company?.id ?? null;
}
