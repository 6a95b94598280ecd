import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '../../../core/api/list';
import type { Product } from '../../../core/api/products';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

export const PRODUCTS_PATH = '/api/v1/product';
/** Search selects show at most 100 options (spec 9). */
export const OPTIONS_LIMIT = 100;

export function useProductList() {
  return useList<Product>({ resource: 'product', path: PRODUCTS_PATH });
}

/** Create / update (multipart FormData, possibly with an image) and delete of top-level rows. */
export function useProductCrud(list: ReturnType<typeof useProductList>) {
  return useCrud<FormData, { data: Product }>({ resource: 'product', path: PRODUCTS_PATH, list });
}

/**
 * Deleting a variation: the list's "last row of the page" rule must not run (the page of
 * top-level products keeps its rows), so this is a plain mutation that refreshes the list.
 */
export function useDeleteVariation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${PRODUCTS_PATH}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all('product') }),
  });
}

/** Top-level products of the selected company for the parent select (server search, 100 at most). */
export function useParentOptions(search: string, enabled: boolean) {
  const companyId = useCompanyId();
  const params = { page: 1, items: OPTIONS_LIMIT, search: search || undefined };
  return useQuery({
    queryKey: queryKeys.list('product', companyId, { ...params, purpose: 'parents' }),
    queryFn: ({ signal }) => api.get<ListResponse<Product>>(PRODUCTS_PATH, params, signal),
    enabled: enabled && companyId !== null,
    staleTime: 30_000,
  });
}
