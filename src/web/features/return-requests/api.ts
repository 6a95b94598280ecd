import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '../../../core/api/list';
import { RETURN_SOURCES_PAGE_SIZE, type ReturnRequest } from '../../../core/api/returnRequests';
import type { Source } from '../../../core/api/sources';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

export const RETURNS_PATH = '/api/v1/return-request';
const RESOURCE = 'return-request';

/** The form's fields as typed; on create `source` is the source's name (the server resolves it). */
export interface ReturnFormValues {
  full_name: string;
  phone_number: string;
  email: string;
  bill_number: string;
  iban: string;
  reason: string;
  details: string;
  source: string | null;
}

export function useReturnRequestList() {
  return useList<ReturnRequest>({ resource: RESOURCE, path: RETURNS_PATH });
}

export function useReturnRequestCrud(list: ReturnType<typeof useReturnRequestList>) {
  return useCrud<Partial<ReturnFormValues>, { data: ReturnRequest }>({ resource: RESOURCE, path: RETURNS_PATH, list });
}

/** The selected company's sources for the form: page 1, 1000 per page, so every source is offered at once. */
export function useReturnSources(enabled: boolean) {
  const companyId = useCompanyId();
  const query = { page: 1, items: RETURN_SOURCES_PAGE_SIZE, company_id: companyId };
  return useQuery({
    queryKey: queryKeys.list('source', companyId, { ...query, purpose: 'return-form' }),
    queryFn: ({ signal }) => api.get<ListResponse<Source>>('/api/v1/source', query, signal),
    enabled: enabled && companyId !== null,
    select: (answer) => (Array.isArray(answer?.data) ? answer.data : []),
  });
}
