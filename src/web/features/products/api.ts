import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '../../../core/api/products';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

export const PRODUCTS_PATH = '/api/v1/product';

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
