import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BulkAction, BulkJob } from '../../../../core/api/orderBulk';
import { api, type DownloadedFile } from '../../../lib/api';
import { useCompanyId } from '../../../lib/session';
import { invalidateOrders } from '../api';

const BULK_PATH = '/api/v1/order-bulk';
/** While a job runs, it is asked about this often. */
export const BULK_POLL_MS = 1000;
/**
 * While a job runs, the orders on screen (the list, its tab counts, an open order) are fetched again
 * at most this often as its orders are handled: each refresh asks the list and its counts again, so
 * not at every poll; the end of a job refreshes them at once.
 */
export const BULK_REFRESH_MS = 5000;

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
    onSuccess: (job) => {
      jobSeen.started(job.id);
      return client.invalidateQueries({ queryKey: ['order-bulk'] });
    },
  });
}

export function useRetryBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: BulkJob }>(`${BULK_PATH}/${id}/retry`).then((r) => r.data),
    onSuccess: (job) => {
      jobSeen.started(job.id);
      return client.invalidateQueries({ queryKey: ['order-bulk'] });
    },
  });
}

/**
 * What the orders on screen last showed of each job, in this page load: how many of its orders were
 * handled and whether it had ended, and when they were last fetched again for it. A job first seen
 * already at some point was fetched along with what the screen shows; one started here starts at
 * nothing handled, so a job that ends before its first poll still refreshes the screen.
 */
const seen = new Map<number, { handled: number; finished: boolean; at: number }>();
export const jobSeen = {
  started(id: number): void {
    seen.set(id, { handled: -1, finished: false, at: Date.now() });
  },
  /** A job this page load saw running and not yet end. */
  running: (id: number | null): boolean => id !== null && seen.get(id)?.finished === false,
  /** Test hook: forget every job. */
  reset: (): void => seen.clear(),
};

/**
 * Keeps the orders on screen true to a job: when it has handled more orders (at most every
 * BULK_REFRESH_MS) and when it ends, the orders (lists, tab counts, an open order) are fetched again.
 */
export function useOrdersFollowJob(job: Pick<UseQueryResult<BulkJob>, 'data' | 'dataUpdatedAt'>): void {
  const qc = useQueryClient();
  const data = job.data;
  const id = data?.id;
  const handled = data ? data.done + data.skipped + data.failed : 0;
  const finished = data ? !running(data) : false;
  // dataUpdatedAt changes at every poll: a change held back by the pace is made at a later poll.
  const polled = job.dataUpdatedAt;
  useEffect(() => {
    if (id === undefined) return;
    const now = Date.now();
    const last = seen.get(id);
    if (!last) {
      seen.set(id, { handled, finished, at: now });
      return;
    }
    if (last.handled === handled && last.finished === finished) return;
    if (!finished && now - last.at < BULK_REFRESH_MS) return;
    seen.set(id, { handled, finished, at: now });
    void invalidateOrders(qc);
  }, [qc, id, handled, finished, polled]);
}

/**
 * On an order's page: follows the company's job shown on the orders page while this page load saw
 * it running, so the order (and the lists) are fetched again as the job moves on and when it ends.
 */
export function useOrdersFollowRunningJob(): void {
  const companyId = useCompanyId();
  const id = activeJobStore.get(companyId);
  const job = useBulkJob(jobSeen.running(id) ? id : null);
  useOrdersFollowJob(job);
}

export const bulkFiles = {
  labels: (id: number): Promise<DownloadedFile> => api.file(`${BULK_PATH}/${id}/labels`),
  picking: (id: number, format: 'pdf' | 'csv'): Promise<DownloadedFile> =>
    api.file(`${BULK_PATH}/${id}/picking-list`, { format }),
  /** An invoice job's invoices: one merged PDF, or a ZIP of one PDF each. */
  invoices: (id: number, format: 'pdf' | 'zip'): Promise<DownloadedFile> =>
    api.file(`${BULK_PATH}/${id}/invoices`, { format }),
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
