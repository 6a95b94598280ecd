import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Connector, ConnectorForm } from '../../../../core/api/connectors';
import { api, isNotFound } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { useCompanyId } from '../../../lib/session';

const RESOURCE = 'source-connector';
const pathOf = (sourceId: number) => `/api/v1/source/${sourceId}/connector`;

/** The source's connector, or null when it has none (the API's 404). */
export function useConnector(sourceId: number) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.detail(RESOURCE, companyId, sourceId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Connector }>(pathOf(sourceId), undefined, signal)
        .then((a) => a.data)
        .catch((e: unknown) => {
          if (isNotFound(e)) return null;
          throw e;
        }),
    enabled: companyId !== null && sourceId > 0,
    // Orders and updates move by themselves: the panel follows them while it is open.
    refetchInterval: 15_000,
  });
}

/** What the connect form shows: whether the shops are emulated, their demo keys, the webhook addresses. */
export function useConnectorForm(sourceId: number, enabled: boolean) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.detail(`${RESOURCE}-form`, companyId, sourceId),
    queryFn: ({ signal }) =>
      api.get<{ data: ConnectorForm }>(`${pathOf(sourceId)}/form`, undefined, signal).then((a) => a.data),
    enabled: enabled && companyId !== null && sourceId > 0,
    staleTime: 5 * 60_000,
  });
}

/** Connect, disconnect, sync now: each refreshes the panel. */
export function useConnectorActions(sourceId: number) {
  const qc = useQueryClient();
  const companyId = useCompanyId();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.detail(RESOURCE, companyId, sourceId) });
  return {
    connect: useMutation({
      mutationFn: (body: Record<string, string | boolean>) => api.post<{ data: Connector }>(pathOf(sourceId), body),
      onSettled: refresh,
    }),
    disconnect: useMutation({ mutationFn: () => api.delete(pathOf(sourceId)), onSettled: refresh }),
    sync: useMutation({ mutationFn: () => api.post(`${pathOf(sourceId)}/sync`, {}), onSettled: refresh }),
  };
}
