import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '../../../core/api/list';
import type { Package } from '../../../core/api/packages';
import type { Product } from '../../../core/api/products';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

export const PACKAGES_PATH = '/api/v1/package';
const RESOURCE = 'package';
/** The product picker loads page 1 with 100 products, no search (spec part 2, sections 7 and 9). */
export const PRODUCT_PICKER_SIZE = 100;

/** What the package form sends: numbers as typed (the server keeps two decimals). */
export interface PackageFormBody {
  name: string;
  description: string;
  length: number | string;
  width: number | string;
  height: number | string;
  weight: number | string;
  is_active: boolean;
}

export function usePackageList() {
  return useList<Package>({ resource: RESOURCE, path: PACKAGES_PATH });
}

/** Create / update / delete with the list rules (create → page 1, update → same page, delete → step back). */
export function usePackageCrud(list: ReturnType<typeof usePackageList>) {
  return useCrud<PackageFormBody & { company_id?: number }, { data: Package }>({ resource: RESOURCE, path: PACKAGES_PATH, list });
}

/** The status switch: an update with only is_active; the list stays on its page. */
export function useTogglePackage(list: ReturnType<typeof usePackageList>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: number; is_active: boolean }) => api.post<{ data: Package }>(`${PACKAGES_PATH}/${id}`, { is_active }),
    onSuccess: () => {
      list.afterUpdate();
      return qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) });
    },
  });
}

/** One package with its items (the Manage Package Items modal). */
export function usePackageDetail(id: number | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.detail(RESOURCE, companyId, id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: Package }>(`${PACKAGES_PATH}/${id}`, undefined, signal).then((r) => r.data),
    enabled: id !== null && companyId !== null,
    // Always fresh when the modal opens: another tab may have changed the items.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Saves the whole list of items (replaces what the package held). */
export function useSavePackageItems() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { package_id: number; package_items: { product_id: number; quantity: number }[] }) => api.post<{ data: Package }>('/api/v1/package-item', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) }),
  });
}

export interface ProductOption {
  id: number;
  name: string;
  sku: string;
  description: string | null;
  /** A variation's own name when it already says the parent's, else "Parent / Variation". */
  label: string;
}

/**
 * The products of the picker: page 1, 100 per page. A product with variations is offered as its
 * variations (what actually goes in a box), each labelled with the parent's name.
 */
export function useProductOptions(enabled: boolean) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list('product', companyId, { page: 1, items: PRODUCT_PICKER_SIZE, purpose: 'package-picker' }),
    queryFn: ({ signal }) => api.get<ListResponse<Product>>('/api/v1/product', { page: 1, items: PRODUCT_PICKER_SIZE, company_id: companyId }, signal),
    enabled: enabled && companyId !== null,
    select: (answer): ProductOption[] => {
      const out: ProductOption[] = [];
      for (const p of Array.isArray(answer?.data) ? answer.data : []) {
        const variations = Array.isArray(p.variations) ? p.variations : [];
        if (variations.length === 0) out.push({ id: p.id, name: p.name, sku: p.sku, description: p.description, label: p.name });
        for (const v of variations) out.push({ id: v.id, name: v.name, sku: v.sku, description: v.description, label: v.name.toLowerCase().includes(p.name.toLowerCase()) ? v.name : `${p.name} / ${v.name}` });
      }
      return out;
    },
  });
}
