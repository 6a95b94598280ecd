import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../core/api/dashboard';
import { api } from '../../lib/api';

/** The dashboard's figures for a range of days (none: the last 30 days). */
export function useDashboardStats(companyId: number | null, range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['dashboard-stats', companyId, range],
    queryFn: ({ signal }) => api.get<{ data: DashboardStats }>('/api/v1/dashboard/stats', range ?? undefined, signal),
    enabled: companyId !== null,
  });
}
