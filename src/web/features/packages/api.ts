import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Package } from '../../../core/api/packages';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { useIdempotentCall } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

export const PACKAGES_PATH = '/api/v1/package';
const RESOURCE = 'package';

/** What the package form sends: numbers as typed (the server keeps two decimals). */
export interface PackageFormBody {
  name: string;
  description: string;
  length: number | string;
  width: number | string;
  height: number | string;
  weight: number | string;
  is_active: boolean;
  /** The company's default package: its numbers start the AWB form. */
  is_default: boolean;
}

export function usePackageList() {
  return useList<Package>({ resource: RESOURCE, path: PACKAGES_PATH });
}

/** Create / update / delete with the list rules (create → page 1, update → same page, delete → step back). */
export function usePackageCrud(list: ReturnType<typeof usePackageList>) {
  return useCrud<PackageFormBody & { company_id?: number }, { data: Package }>({
    resource: RESOURCE,
    path: PACKAGES_PATH,
    list,
  });
}

/** One package with its items (the Manage Package Items modal). */
export function usePackageDetail(id: number | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.detail(RESOURCE, companyId, id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: Package }>(`${PACKAGES_PATH}/${id}`, undefined, signal).then((r) => r.data),
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
  const save = useIdempotentCall(
    (body: { package_id: number; package_items: { product_id: number; quantity: number }[] }, idempotencyKey) =>
      api.post<{ data: Package }>('/api/v1/package-item', body, { idempotencyKey }),
  );
  return useMutation({
    mutationFn: save,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) }),
  });
}
