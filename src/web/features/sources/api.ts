import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '../../../core/api/companies';
import type { ListResponse } from '../../../core/api/list';
import type { Source } from '../../../core/api/sources';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { request } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { session } from '../../lib/session';

export const SOURCES_PATH = '/api/v1/source';
const RESOURCE = 'source';

export interface SourceBody {
  company_id: number;
  source: string;
  active: boolean;
}

/** The sources of the selected company, with the list rules of the spec. */
export function useSourceList() {
  return useList<Source>({ resource: RESOURCE, path: SOURCES_PATH });
}

/**
 * Create (in the company chosen in the form: its X-Company-ID goes with the call, since the server
 * makes the source in the header's company), update, delete.
 */
export function useSourceCrud(list: ReturnType<typeof useSourceList>) {
  const crud = useCrud<SourceBody>({ resource: RESOURCE, path: SOURCES_PATH, list });
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: (body: SourceBody) => request<{ data: Source }>(SOURCES_PATH, { method: 'POST', body, headers: companyHeader(body.company_id) }),
    onSuccess: () => {
      list.afterCreate();
      return qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) });
    },
  });
  return { create, update: crud.update, remove: crud.remove, isSaving: create.isPending || crud.isSaving };
}

/** The user's companies for the company select (the same query as the sidebar's selector). */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['company', null, 'all'],
    queryFn: ({ signal }) => request<ListResponse<Company>>('/api/v1/company', { query: { items: 1000 }, signal }),
    enabled,
  });
}

/** X-Company-ID of a company chosen in a form, when it is not the one selected in the sidebar. */
function companyHeader(companyId: number): Record<string, string> | undefined {
  return session.get().company?.id === companyId ? undefined : { 'X-Company-ID': String(companyId) };
}
