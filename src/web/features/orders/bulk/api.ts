import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkAction, BulkJob } from '../../../../core/api/orderBulk';
import { api, type DownloadedFile } from '../../../lib/api';
import { useCompanyId } from '../../../lib/session';

const BULK_PATH = '/api/v1/order-bulk';
/** While a job runs, it is asked about this often. */
export const BULK_POLL_MS = 1000;

export type BulkSelection = { ids: number[] } | { filter: Record<string, unknown>; expected: number };

export interface BulkRequest {
  action: BulkAction;
  selection: BulkSelection;
  params?: Record<string, unknown>;
}

const keys = {
  job: (companyId: number | null, id: number) => ['order-bulk', companyId, id] as const,
  recent: (companyId: number | null) => ['order-bulk', companyId, 'recent'] as const,
};

const running = (job: BulkJob | undefined) => !job || job.status === 'queued' || job.status === 'running';

/** One job with its report, asked about again every second until it ends. */
export function useBulkJob(id: number | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: keys.job(companyId, id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: BulkJob }>(`${BULK_PATH}/${id}`, undefined, signal).then((r) => r.data),
    enabled: companyId !== null && id !== null,
    refetchInterval: (q) => (running(q.state.data) ? BULK_POLL_MS : false),
  });
}

export function useRecentBulkJobs(enabled: boolean) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: keys.recent(companyId),
    queryFn: ({ signal }) => api.get<{ data: BulkJob[] }>(BULK_PATH, undefined, signal).then((r) => r.data),
    enabled: enabled && companyId !== null,
  });
}

export function useStartBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: BulkRequest; key: string }) =>
      api.post<{ data: BulkJob }>(BULK_PATH, request, { idempotencyKey: key }).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['order-bulk'] }),
  });
}

export function useRetryBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: BulkJob }>(`${BULK_PATH}/${id}/retry`).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['order-bulk'] }),
  });
}

export const bulkFiles = {
  labels: (id: number): Promise<DownloadedFile> => api.file(`${BULK_PATH}/${id}/labels`),
  picking: (id: number, format: 'pdf' | 'csv'): Promise<DownloadedFile> =>
    api.file(`${BULK_PATH}/${id}/picking-list`, { format }),
};

/** The job shown on the orders page, remembered per company so it is there again after leaving the page. */
export const activeJobStore = {
  key: (companyId: number | null) => `order-bulk-job:${companyId ?? 0}`,
  get(companyId: number | null): number | null {
    const v = Number(localStorage.getItem(this.key(companyId)));
    return Number.isInteger(v) && v > 0 ? v : null;
  },
  set(companyId: number | null, id: number | null): void {
    if (id === null) localStorage.removeItem(this.key(companyId));
    else localStorage.setItem(this.key(companyId), String(id));
  },
};
