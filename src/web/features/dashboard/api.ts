import { useQueries, useQuery } from '@tanstack/react-query';
import type { ChangelogEntry } from '../../../core/api/companies';
import type { ListResponse } from '../../../core/api/list';
import { allCompaniesQuery } from '../../components/useCompanies';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

export const COUNTED = ['company', 'product', 'order', 'source', 'customer'] as const;
export type Counted = (typeof COUNTED)[number];

/** The dashboard's view of an order (the fields its recent-orders table shows; customer_detail may be missing). */
export interface RecentOrder {
  id: number;
  status: string | null;
  courier_status: string | null;
  total_value: number | string | null;
  created_at: number;
  customer_detail?: { name?: string | null; phone_number?: string | null; telefon?: string | null } | null;
}

/** meta.total of GET /api/v1/<x>?items=1; a failed or missing endpoint counts as 0, so one failing count never hides the others. */
export async function countOf(resource: string, signal?: AbortSignal): Promise<number> {
  try {
    const answer = await api.get<ListResponse<unknown>>(`/api/v1/${resource}`, { items: 1 }, signal);
    const total = Number(answer?.meta?.total);
    return Number.isFinite(total) ? total : 0;
  } catch {
    return 0;
  }
}

/** meta.total of a list answer; a missing one counts as 0. */
const totalOf = (answer: ListResponse<unknown> | undefined) => {
  const total = Number(answer?.meta?.total);
  return Number.isFinite(total) ? total : 0;
};

/**
 * The counts of COUNTED, in its order. The companies' count is the total of the frame's list of
 * the user's companies (the same query, no request of its own); a failed list counts as 0.
 */
export function useCounts(companyId: number | null) {
  return useQueries({
    queries: COUNTED.map((resource) =>
      resource === 'company'
        ? { ...allCompaniesQuery, select: totalOf }
        : {
            queryKey: [resource, companyId, 'count'],
            queryFn: ({ signal }: { signal: AbortSignal }) => countOf(resource, signal),
            enabled: companyId !== null,
          },
    ),
  });
}

export function useRecentOrders(companyId: number | null) {
  return useQuery({
    queryKey: queryKeys.list('order', companyId, { recent: true }),
    queryFn: ({ signal }) =>
      api.get<ListResponse<RecentOrder>>('/api/v1/order', { items: 10, sort: '-created_at' }, signal),
    enabled: companyId !== null,
  });
}

export function useChangelog() {
  return useQuery({
    queryKey: ['changelog'],
    queryFn: ({ signal }) => api.get<{ data: ChangelogEntry[] }>('/api/v1/changelog', undefined, signal),
  });
}
