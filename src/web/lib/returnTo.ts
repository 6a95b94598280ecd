/** Where a visitor sent to the sign-in came from: kept in the history state of /login (main.ts). */
export interface ReturnState {
  from?: string;
}

/** The history state of /login that brings the visitor back to `location` after signing in. */
export function returnState(location: { pathname: string; search?: string; hash?: string }): ReturnState {
  return { from: `${location.pathname}${location.search ?? ''}${location.hash ?? ''}` };
}

/**
 * The page to open after signing in: the one that sent the visitor to /login (with its query), or
 * the dashboard. Only a path of this app is followed (no "//host" or absolute URL, never /login).
 */
export function returnPath(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as ReturnState).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login/')) return '/';
  return from;
}

let leaving = false;

/**
 * Leaves the app for the sign-in page, which main.ts shows on a page load without a session: the
 * address becomes /login with `state` (the page to come back to; none after signing out), then the
 * page loads again. Once: signing out clears the session, which also makes RequireAuth leave, and a
 * second navigation would abort the first.
 */
export function leaveForSignIn(state: ReturnState | null): void {
  if (leaving) return;
  leaving = true;
  history.replaceState(state, '', '/login');
  location.reload();
}
