import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '../../../core/api/companies';
import type { ListResponse } from '../../../core/api/list';
import type { Message } from '../../../core/api/messages';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api, request } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { session } from '../../lib/session';

export const MESSAGES_PATH = '/api/v1/message';
const RESOURCE = 'message';

/** A source as the source list answers it (only what the select needs). */
export interface SourceOption {
  id: number;
  source: string;
  active?: boolean;
}

export interface MessageCreateBody {
  company_id: number;
  source_id: number;
  from: string;
  text: string;
}
export interface MessageUpdateBody {
  from: string;
  text: string;
}

/** The templates of the selected company, with the list rules of the spec. */
export function useMessageList() {
  return useList<Message>({ resource: RESOURCE, path: MESSAGES_PATH });
}

/**
 * Create (in the company chosen in the form: its X-Company-ID is sent, as the server makes the
 * template in the header's company), update (from and text), delete.
 */
export function useMessageCrud(list: ReturnType<typeof useMessageList>) {
  const crud = useCrud<MessageUpdateBody>({ resource: RESOURCE, path: MESSAGES_PATH, list });
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: (body: MessageCreateBody) => request<{ data: Message }>(MESSAGES_PATH, { method: 'POST', body, headers: companyHeader(body.company_id) }),
    onSuccess: () => {
      list.afterCreate();
      return qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) });
    },
  });
  return {
    create,
    update: crud.update,
    remove: crud.remove,
    isSaving: create.isPending || crud.isSaving,
  };
}

/** The status toggle: POST /message/{id} with only is_active; the list stays on its page. */
export function useToggleMessage(list: ReturnType<typeof useMessageList>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: number; is_active: boolean }) => api.post<{ data: Message }>(`${MESSAGES_PATH}/${id}`, { is_active }),
    onSuccess: () => {
      list.afterUpdate();
      return qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) });
    },
  });
}

/** The user's companies for the company select (same query as the sidebar's selector). */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['company', null, 'all'],
    queryFn: ({ signal }) => api.get<ListResponse<Company>>('/api/v1/company', { items: 1000 }, signal),
    enabled,
  });
}

/** The sources of one company (up to 1000), asked as that company (header and filter must match). */
export function useCompanySources(companyId: number | null) {
  return useQuery({
    queryKey: queryKeys.list('source', companyId, { items: 1000, purpose: 'options' }),
    queryFn: ({ signal }) =>
      request<ListResponse<SourceOption>>('/api/v1/source', { query: { company_id: companyId!, items: 1000 }, signal, headers: companyHeader(companyId!) }),
    enabled: companyId !== null,
  });
}

/** X-Company-ID of a company chosen in a form, when it is not the one selected in the sidebar. */
function companyHeader(companyId: number): Record<string, string> | undefined {
  return session.get().company?.id === companyId ? undefined : { 'X-Company-ID': String(companyId) };
}
