import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectedShop, Connector, ConnectorForm } from '../../../../core/api/connectors';
import { api, isNotFound } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { useCompanyId } from '../../../lib/session';

const RESOURCE = 'source-connector';
const pathOf = (sourceId: number) => `/api/v1/source/${sourceId}/connector`;

/** The open panel reads its connector again this often: orders and updates move by themselves. */
export const PANEL_REFRESH_MS = 15_000;
/**
 * "Sync now" is answered 202 before the pull has run: the panel then asks again every second
 * until the pull's mark moves (or for at most 10 s, a pull that changes nothing), so the seller
 * sees the orders it brought without waiting for the 15 s refresh, and no request runs in a loop.
 */
export const SYNC_FOLLOW_EVERY_MS = 1_000;
export const SYNC_FOLLOW_FOR_MS = 10_000;

/** What a finished pull changes: when it ended (or failed) and the state it left. */
export const syncMark = (c: Connector | null | undefined): string =>
  JSON.stringify([c?.last_sync_at ?? null, c?.state ?? null, c?.last_error ?? null]);

/** A sync being followed: the connector's mark when it was asked for, and until when to follow it. */
export interface SyncFollow {
  mark: string;
  until: number;
}

/** How soon the panel reads its connector again: every second while a sync is followed, else every 15 s. */
export function refreshEvery(follow: SyncFollow | null, data: Connector | null | undefined, now: number): number {
  return follow && now < follow.until && syncMark(data) === follow.mark ? SYNC_FOLLOW_EVERY_MS : PANEL_REFRESH_MS;
}

/**
 * The source's connector, or null when it has none (the API's 404). The open panel follows it
 * (`follow`: the sync it waits for); the sources list reads it once (`poll: false`).
 */
export function useConnector(sourceId: number, opts: { follow?: SyncFollow | null; poll?: boolean } = {}) {
  const companyId = useCompanyId();
  const follow = opts.follow ?? null;
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
    refetchInterval: opts.poll === false ? false : (query) => refreshEvery(follow, query.state.data, Date.now()),
  });
}

/**
 * The company's connected sources (`GET /api/v1/connectors`), in one request for the whole sources
 * list: its rows are marked from it, never by a request per row. Connecting or disconnecting
 * invalidates it with the connector (same resource).
 */
export function useConnectedShops() {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.lists(RESOURCE, companyId),
    queryFn: ({ signal }) =>
      api.get<{ data: ConnectedShop[] }>('/api/v1/connectors', undefined, signal).then((a) => a.data),
    enabled: companyId !== null,
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

/** Connect, disconnect, sync now: each refreshes the panel, and the list's marks. */
export function useConnectorActions(sourceId: number) {
  const qc = useQueryClient();
  const companyId = useCompanyId();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.detail(RESOURCE, companyId, sourceId) }),
      qc.invalidateQueries({ queryKey: queryKeys.lists(RESOURCE, companyId) }),
    ]);
  return {
    connect: useMutation({
      mutationFn: (body: Record<string, string | boolean>) => api.post<{ data: Connector }>(pathOf(sourceId), body),
      onSettled: refresh,
    }),
    disconnect: useMutation({ mutationFn: () => api.delete(pathOf(sourceId)), onSettled: refresh }),
    sync: useMutation({ mutationFn: () => api.post(`${pathOf(sourceId)}/sync`, {}), onSettled: refresh }),
  };
}
