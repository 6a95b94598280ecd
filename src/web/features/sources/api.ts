import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntakeKeyCreated } from '../../../core/api/intake';
import type { Source } from '../../../core/api/sources';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { useIdempotentCall } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

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
  return useCrud<SourceBody, { data: Source }>({
    resource: RESOURCE,
    path: SOURCES_PATH,
    list,
    createIn: (body) => body.company_id,
  });
}

/** One source (`GET /source/{id}`): with its intake key's state, which the list leaves out. */
export function useSourceDetail(id: number | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.detail(RESOURCE, companyId, id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: Source }>(`${SOURCES_PATH}/${id}`, undefined, signal).then((a) => a.data),
    enabled: companyId !== null && id !== null,
  });
}

/**
 * The source's intake key: create or rotate (`POST`, 201 with the secret, shown this once; one
 * Idempotency-Key per press, so a double click makes one key) and revoke (`DELETE`).
 */
export function useIntakeKey(id: number) {
  const qc = useQueryClient();
  const companyId = useCompanyId();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.detail(RESOURCE, companyId, id) });
  const send = useIdempotentCall((_: null, key: string) =>
    api.post<{ data: IntakeKeyCreated }>(`${SOURCES_PATH}/${id}/intake-key`, {}, { idempotencyKey: key }),
  );
  const issue = useMutation({ mutationFn: () => send(null).then((a) => a.data), onSettled: refresh });
  const revoke = useMutation({
    mutationFn: () => api.delete(`${SOURCES_PATH}/${id}/intake-key`),
    onSettled: refresh,
  });
  return { issue, revoke };
}
