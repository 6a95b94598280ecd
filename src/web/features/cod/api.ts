import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CodDifference,
  CodImportResult,
  CodSettings,
  CodSummary,
  CodSyncResult,
  CodUnpaid,
} from '../../../core/api/cod';
import type { ListResponse } from '../../../core/api/list';
import { api, request } from '../../lib/api';

export const COURIER_NAMES: Record<string, string> = {
  cargus: 'Cargus',
  sameday: 'Sameday',
  dpd: 'DPD',
  fan: 'FAN Courier',
};

const key = (companyId: number | null, ...rest: unknown[]) => ['cod', companyId, ...rest];

export function useCodSummary(companyId: number | null, range: { from: string; to: string }) {
  return useQuery({
    queryKey: key(companyId, 'summary', range),
    queryFn: ({ signal }) => api.get<{ data: CodSummary }>('/api/v1/cod/summary', range, signal),
    enabled: companyId !== null,
  });
}

export function useCodUnpaid(companyId: number | null, page: number) {
  return useQuery({
    queryKey: key(companyId, 'unpaid', page),
    queryFn: ({ signal }) => api.get<ListResponse<CodUnpaid>>('/api/v1/cod/unpaid', { page, items: 10 }, signal),
    enabled: companyId !== null,
  });
}

export function useCodDifferences(companyId: number | null) {
  return useQuery({
    queryKey: key(companyId, 'differences'),
    queryFn: ({ signal }) => api.get<{ data: CodDifference[] }>('/api/v1/cod/differences', undefined, signal),
    enabled: companyId !== null,
  });
}

export function useCodSettings(companyId: number | null) {
  return useQuery({
    queryKey: key(companyId, 'settings'),
    queryFn: ({ signal }) => api.get<{ data: CodSettings }>('/api/v1/cod/settings', undefined, signal),
    enabled: companyId !== null,
  });
}

/** Every cash-on-delivery figure is read again after a change (a payment saved, the setting). */
function useRefresh(companyId: number | null) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key(companyId) });
}

export function useSaveCodSettings(companyId: number | null) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (unpaid_days: number) => api.post<{ data: CodSettings }>('/api/v1/cod/settings', { unpaid_days }),
    onSuccess: refresh,
  });
}

export function useCodSync(companyId: number | null) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: () => api.post<{ data: CodSyncResult }>('/api/v1/cod/sync'),
    onSuccess: refresh,
  });
}

export function useCodImport(companyId: number | null) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (v: {
      courier: string;
      file: File;
      acceptDifferences: boolean;
      /** The user saw the rows that cannot be read and saves the others without them. */
      acceptUnreadable: boolean;
      preview: boolean;
    }) => {
      const fd = new FormData();
      fd.set('courier', v.courier);
      fd.set('accept_differences', v.acceptDifferences ? '1' : '0');
      fd.set('accept_unreadable', v.acceptUnreadable ? '1' : '0');
      fd.set('file', v.file);
      return request<{ data: CodImportResult }>('/api/v1/cod/import', {
        method: 'POST',
        body: fd,
        query: v.preview ? { preview: 1 } : undefined,
      });
    },
    onSuccess: (_d, v) => {
      if (!v.preview) void refresh();
    },
  });
}
