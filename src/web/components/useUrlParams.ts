import { useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  useNavigate,
} from 'react-router';

export interface UrlParamsWriteOptions {
  /** Replace the current history entry instead of adding one (Back then skips this change). */
  replace?: boolean;
  /** History state of the new entry. */
  state?: unknown;
}

/**
 * Changes a copy of the live query in place (`(p) => { p.set('status', 'new'); p.delete('page'); }`)
 * or answers the new query built from it.
 */
export type UrlParamsChange = (params: URLSearchParams) => URLSearchParams | void;

/**
 * The query the latest write asked for, while the router has not moved past the location that write
 * was built on. A navigation completes asynchronously and the screen re-renders later still (a
 * transition), so the router's own `setSearchParams(prev => …)` hands out the query of an older
 * render: a second write in the same event, or one from a handler of a render that has not caught up
 * (a filter changed right after another, an effect after a click), would drop the first one's change.
 * It is forgotten as soon as the router moves on: Back returns to the very location (same key) the
 * write was built on, and a query still taken from the forgotten write would make the next write of
 * the same change look like no change (a dialog closed with Back could not be opened again).
 */
let pending: { owner: object; fromKey: string; search: string } | null = null;

const asSearch = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The one way to change the URL's query parameters: each write starts from the live query (the
 * router's current location plus any write still under way), changes only the parameters it names
 * and keeps every other one, and adds a history entry unless told to replace. A write that changes
 * nothing adds no entry. Lists (page, page size, search), filters, tabs and URL dialogs all go through it.
 */
export function useUrlParams(): (change: UrlParamsChange, options?: UrlParamsWriteOptions) => void {
  const navigate = useNavigate();
  const dataRouter = useContext(DataRouterContext)?.router;
  const { navigator } = useContext(NavigationContext);
  const rendered = useLocation();
  const renderedRef = useRef(rendered);
  renderedRef.current = rendered;

  // A data router tells each move at once (the screen re-renders later).
  useEffect(
    () =>
      dataRouter?.subscribe((state) => {
        if (pending?.owner === dataRouter && state.location.key !== pending.fromKey) pending = null;
      }),
    [dataRouter],
  );
  // A plain router only through the render: a rendered location other than the write's start is past it.
  useLayoutEffect(() => {
    if (!dataRouter && pending?.owner === navigator && rendered.key !== pending.fromKey) pending = null;
  }, [dataRouter, navigator, rendered.key]);

  return useCallback(
    (change: UrlParamsChange, options: UrlParamsWriteOptions = {}) => {
      const owner: object = dataRouter ?? navigator;
      // A data router knows where it is before the screen re-renders; a plain router only through the render.
      const live = dataRouter ? dataRouter.state.location : renderedRef.current;
      const base = pending && pending.owner === owner && pending.fromKey === live.key ? pending.search : live.search;
      const copy = new URLSearchParams(base);
      const search = asSearch(change(copy) ?? copy);
      if (search === asSearch(new URLSearchParams(base))) return;
      pending = { owner, fromKey: live.key, search };
      void navigate({ search }, { replace: options.replace ?? false, state: options.state });
    },
    [dataRouter, navigator, navigate],
  );
}
