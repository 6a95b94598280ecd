import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import { nextListState, type ListEvent, type ListState } from '../../core/listRules';
import { DEFAULT_PAGE_SIZE } from '../../core/pagination';
import type { ListMeta, ListResponse } from '../../core/api/list';
import i18n from 'i18next';
import { api, ApiError, type QueryParams } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';
import { useCompanyId } from '../lib/session';
import { correctedPage, parseListParams, writeListParams } from './listParams';
import { useUrlParams } from './useUrlParams';

export const SEARCH_DEBOUNCE_MS = 500;

export interface UseListOptions {
  /** Query-key root, by convention the API path segment: 'source', 'product-discount'. */
  resource: string;
  /** The list endpoint, e.g. '/api/v1/source'. */
  path: string;
  /** Needs a selected company (default true): sends company_id and shows "Company ID not found" without one. */
  companyScoped?: boolean;
  /** Extra filters sent with every page (part of the query key). */
  params?: QueryParams;
  /** Keep page/search/size in the URL (default true). Use false for a second list on the same screen. */
  inUrl?: boolean;
  /**
   * Tells apart lists of one resource at different paths (a customer's orders): part of the query
   * key, never sent. Without it two such lists would share their cached pages.
   */
  scope?: string | number;
}

export interface ListController<T> {
  rows: T[];
  meta: ListMeta | undefined;
  /** First load (no rows to show yet). */
  isLoading: boolean;
  /** Any fetch running (also page changes, shown as a thin progress). */
  isFetching: boolean;
  error: unknown;
  /** companyScoped and no company selected. */
  companyMissing: boolean;
  state: ListState;
  /** The text in the search box (the list follows it after 500 ms). */
  searchInput: string;
  setSearchInput: (text: string) => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  /** Refetch rules (src/core/listRules.ts): call after a successful save / delete. */
  afterCreate: () => void;
  afterUpdate: () => void;
  afterDelete: () => void;
  queryKey: readonly unknown[];
  refetch: () => void;
}

/** Local or URL-backed list state. */
function useListState(inUrl: boolean): [ListState, (next: ListState, push: boolean) => void] {
  const [searchParams] = useSearchParams();
  const writeUrl = useUrlParams();
  const [local, setLocal] = useState<ListState>({ page: 1, perPage: DEFAULT_PAGE_SIZE, search: '' });
  const fromUrl = useMemo(() => parseListParams(searchParams), [searchParams]);
  const write = useCallback(
    (next: ListState, push: boolean) => {
      if (inUrl) writeUrl((params) => writeListParams(params, next), { replace: !push });
      else setLocal(next);
    },
    [inUrl, writeUrl],
  );
  return [inUrl ? fromUrl : local, write];
}

/**
 * The data and state of one paginated list: page, page size and search in the URL, the answer of
 * GET path?page&items&search(&company_id), and the list refetch rules of the spec.
 */
export function useList<T>(options: UseListOptions): ListController<T> {
  const { resource, path, companyScoped = true, params, inUrl = true, scope } = options;
  const companyId = useCompanyId();
  const [state, write] = useListState(inUrl);
  const stateRef = useRef(state);
  stateRef.current = state;

  const apply = useCallback(
    (event: ListEvent, push = false) => {
      const next = nextListState(stateRef.current, event);
      if (
        next.page !== stateRef.current.page ||
        next.perPage !== stateRef.current.perPage ||
        next.search !== stateRef.current.search
      )
        write(next, push);
    },
    [write],
  );

  // Search box: typed text, committed to the list after the debounce.
  const [searchInput, setSearchInput] = useState(state.search);
  const [debounced] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const committed = useRef(state.search);
  useEffect(() => {
    if (debounced.trim() !== committed.current) {
      committed.current = debounced.trim();
      apply({ kind: 'search', search: debounced.trim() });
    }
  }, [debounced, apply]);
  // The URL changed under us (Back button, a link): show its search in the box.
  useEffect(() => {
    if (state.search !== committed.current) {
      committed.current = state.search;
      setSearchInput(state.search);
    }
  }, [state.search]);

  // Another company: back to page 1.
  const lastCompany = useRef(companyId);
  // Set from a company change until the URL shows page 1 again (writing the URL takes a few renders).
  const resetPending = useRef(false);
  useEffect(() => {
    if (lastCompany.current !== companyId) {
      lastCompany.current = companyId;
      resetPending.current = stateRef.current.page !== 1;
      apply({ kind: 'company-changed' });
    }
  }, [companyId, apply]);
  useEffect(() => {
    if (state.page === 1) resetPending.current = false;
  }, [state.page]);

  const companyMissing = companyScoped && companyId === null;
  // From the render where the company changes until the URL follows, the URL still holds the old
  // page: ask for page 1 of the new company at once, never the old company's page of the new one.
  const asked =
    lastCompany.current !== companyId || resetPending.current
      ? nextListState(state, { kind: 'company-changed' })
      : state;
  const query = {
    page: asked.page,
    items: asked.perPage,
    search: asked.search || undefined,
    ...(companyScoped && companyId ? { company_id: companyId } : {}),
    ...params,
  };
  const queryKey = queryKeys.list(
    resource,
    companyScoped ? companyId : null,
    scope === undefined ? query : { ...query, scope },
  );
  const result = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const answer = await api.get<ListResponse<T>>(path, query, signal);
      if (!answer || !Array.isArray(answer.data)) throw new ApiError(0, i18n.t('common:list.invalidResponse'));
      return answer;
    },
    enabled: !companyMissing,
    placeholderData: keepPreviousData,
  });

  // A page past the end (rows deleted elsewhere, a stale URL): go to the last page.
  const meta = result.data?.meta;
  useEffect(() => {
    if (!meta || result.isPlaceholderData) return;
    const page = correctedPage(stateRef.current.page, meta.last_page, meta.total);
    if (page !== stateRef.current.page) write({ ...stateRef.current, page }, false);
  }, [meta, result.isPlaceholderData, write]);

  const rows = useMemo(() => (Array.isArray(result.data?.data) ? result.data.data : []), [result.data]);
  const rowsRef = useRef(rows.length);
  rowsRef.current = rows.length;

  return {
    rows: companyMissing ? [] : rows,
    meta: companyMissing ? undefined : meta,
    isLoading: !companyMissing && result.isLoading,
    isFetching: result.isFetching,
    error: companyMissing ? null : result.error,
    companyMissing,
    state,
    searchInput,
    setSearchInput,
    setPage: (page) => apply({ kind: 'page', page }, true),
    setPerPage: (perPage) => apply({ kind: 'page-size', perPage }, true),
    afterCreate: () => apply({ kind: 'created' }, true),
    afterUpdate: () => apply({ kind: 'updated' }),
    afterDelete: () => apply({ kind: 'deleted', rowsOnPageBefore: rowsRef.current }, false),
    queryKey,
    refetch: () => void result.refetch(),
  };
}
