import { useQuery } from '@tanstack/react-query';
import type { Company } from '../../core/api/companies';
import type { ListResponse } from '../../core/api/list';
import { api } from '../lib/api';

/** Query key of the user's companies (all of them, items=1000); invalidated with ['company']. */
export const ALL_COMPANIES_KEY = ['company', null, 'all'] as const;

/**
 * The signed-in user's companies (for company selects in forms, and the sidebar selector).
 * `companyOptions` is ready for a Mantine Select: [{ value: '7', label: 'Casa Verde SRL' }].
 */
export function useCompanies() {
  const query = useQuery({
    queryKey: ALL_COMPANIES_KEY,
    queryFn: ({ signal }) => api.get<ListResponse<Company>>('/api/v1/company', { items: 1000 }, signal),
  });
  const companies = query.data?.data;
  return { ...query, companies, companyOptions: (companies ?? []).map((c) => ({ value: String(c.id), label: c.name })) };
}
