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
