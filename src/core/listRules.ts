/**
 * The list refetch rules of the spec, as pure functions of the list state, so every list page
 * behaves the same way and the rules are tested once.
 */
export interface ListState {
  page: number;
  perPage: number;
  search: string;
}

export type ListEvent =
  | { kind: 'search'; search: string }
  | { kind: 'company-changed' }
  | { kind: 'page-size'; perPage: number }
  | { kind: 'page'; page: number }
  | { kind: 'created' }
  | { kind: 'updated' }
  | { kind: 'deleted'; rowsOnPageBefore: number };

export function nextListState(state: ListState, event: ListEvent): ListState {
  switch (event.kind) {
    case 'search':
      return { ...state, search: event.search, page: 1 };
    case 'company-changed':
      return { ...state, page: 1 };
    case 'page-size':
      return { ...state, perPage: event.perPage, page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, event.page) };
    case 'created':
      return { ...state, page: 1 };
    case 'updated':
      return state;
    case 'deleted':
      // The last row of a page above 1 went away: step back one page.
      return event.rowsOnPageBefore <= 1 && state.page > 1 ? { ...state, page: state.page - 1 } : state;
  }
}

/** A page past the end (rows were deleted elsewhere): show the true last page instead. */
export function clampToLastPage(page: number, lastPage: number, total: number): number {
  return total > 0 && page > lastPage ? lastPage : page;
}
