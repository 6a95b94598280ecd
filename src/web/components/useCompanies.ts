import { useQuery } from '@tanstack/react-query';
import type { Company } from '../../core/api/companies';
import type { ListResponse } from '../../core/api/list';
import { api } from '../lib/api';
import { useCompanyId } from '../lib/session';

/** Query key of the user's companies (all of them, items=1000); invalidated with ['company']. */
export const ALL_COMPANIES_KEY = ['company', null, 'all'] as const;

/**
 * The query of the user's companies: the frame's selector and the dashboard's count of companies
 * (meta.total) share it, one request.
 */
export const allCompaniesQuery = {
  queryKey: ALL_COMPANIES_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<ListResponse<Company>>('/api/v1/company', { items: 1000 }, signal),
};

/**
 * The signed-in user's companies (for company selects in forms, and the sidebar selector).
 * `companyOptions` is ready for a Mantine Select: [{ value: '7', label: 'Casa Verde SRL' }].
 * `otherCompanyName(id)`: for the "created in {company}" notice of a form that chose the company —
 * null when it is the sidebar's company, else its name ('' when unknown).
 */
export function useCompanies() {
  const selectedId = useCompanyId();
  const query = useQuery(allCompaniesQuery);
  const companies = query.data?.data;
  const otherCompanyName = (id: number): string | null =>
    id === selectedId ? null : (companies?.find((c) => c.id === id)?.name ?? '');
  return {
    ...query,
    companies,
    companyOptions: (companies ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    otherCompanyName,
  };
}
