import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/pagination';
import type { ListState } from '../../core/listRules';

/** URL query names of a list's state: ?page=2&items=25&search=abc (defaults are left out). */
export const LIST_PARAMS = { page: 'page', items: 'items', search: 'search' } as const;

/** Reads the list state from the URL, falling back to page 1, 10 per page, no search. */
export function parseListParams(params: URLSearchParams): ListState {
  const page = Number(params.get(LIST_PARAMS.page));
  const items = Number(params.get(LIST_PARAMS.items));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(items) ? items : DEFAULT_PAGE_SIZE,
    search: params.get(LIST_PARAMS.search) ?? '',
  };
}

/** Writes the list state into a copy of the URL query, keeping other parameters. */
export function writeListParams(params: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (k: string, v: string | null) => (v === null ? next.delete(k) : next.set(k, v));
  put(LIST_PARAMS.page, state.page > 1 ? String(state.page) : null);
  put(LIST_PARAMS.items, state.perPage !== DEFAULT_PAGE_SIZE ? String(state.perPage) : null);
  put(LIST_PARAMS.search, state.search ? state.search : null);
  return next;
}

/** The page to show once the answer is known: past the end → last page; nothing at all → page 1. */
export function correctedPage(page: number, lastPage: number, total: number): number {
  if (total === 0) return 1;
  return page > lastPage ? lastPage : page;
}
