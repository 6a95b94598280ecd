/**
 * A screen whose code could not be downloaded: the server is unreachable, or a deploy replaced the
 * files this page load knows (each chunk's name carries its content's hash, so the old names are
 * gone). The browser keeps a failed module import failed for the rest of the page load (and React
 * Router keeps the failed `lazy`), so only a page load fetches it again.
 */

/** The messages browsers and Vite give a dynamic import or a module preload that failed. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** sessionStorage key of the last reload made to pick up new files (ms since the epoch). */
export const RELOADED_AT_KEY = 'screenReloadedAt';
/**
 * A second reload within this time is not made: the files are still missing after a fresh page
 * load, and reloading again would loop (a page load takes seconds, far less than this).
 */
export const RELOAD_GUARD_MS = 60_000;

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function session(): SessionStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Whether to reload the page now to pick up new files, marking it so: yes unless this tab already
 * did within RELOAD_GUARD_MS (a tab without sessionStorage never reloads by itself: no loop guard).
 */
export function claimReload(now = Date.now(), store: SessionStore | null = session()): boolean {
  if (!store) return false;
  const last = Number(store.getItem(RELOADED_AT_KEY));
  if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  try {
    store.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  return true;
}

/** Whether the server answers at all (its health check): tells a deploy from a server out of reach. */
export async function serverReachable(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetcher('/api/health', { cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}
