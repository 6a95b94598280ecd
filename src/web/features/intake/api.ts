import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, IntakeCounts, IntakeItem } from '../../../core/api/intake';
import { useList } from '../../components/useList';
import { api, type QueryParams } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

export const INTAKE_PATH = '/api/v1/intake';
const RESOURCE = 'intake';

/** How often the sidebar asks how many items wait: a push arrives without the page knowing. */
export const COUNTS_REFRESH_MS = 60_000;

/** The inbox of the selected company: held items first (the server's order), by status and source. */
export function useIntakeList(params: QueryParams) {
  return useList<IntakeItem>({ resource: RESOURCE, path: INTAKE_PATH, params });
}

/** `GET /intake/counts`: the items waiting (held, or never finished), for the sidebar. */
export function useIntakeCounts() {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: [...queryKeys.all(RESOURCE), companyId, 'counts'],
    queryFn: ({ signal }) => api.get<{ data: IntakeCounts }>(`${INTAKE_PATH}/counts`, undefined, signal),
    enabled: companyId !== null,
    refetchInterval: COUNTS_REFRESH_MS,
    select: (answer) => answer.data,
  });
}

/** The company's sources, for the filter and the import (page 1 of 100, as the orders' filter reads them). */
export function useSourceOptions() {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: ['source', companyId, 'list', 'intake-options'],
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; source: string; active: boolean }[] }>(
        '/api/v1/source',
        { items: 100, page: 1 },
        signal,
      ),
    enabled: companyId !== null,
    select: (answer) =>
      (Array.isArray(answer.data) ? answer.data : []).map((s) => ({ value: String(s.id), label: s.source })),
  });
}

/**
 * Retry and dismiss an item. Either can make, change or leave an order, so the orders and the
 * counts are fetched again with the inbox.
 */
export function useIntakeActions() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) }),
      qc.invalidateQueries({ queryKey: queryKeys.all('order'), refetchType: 'none' }),
    ]).then(() => undefined);
  const retry = useMutation({
    mutationFn: (id: number) => api.post<{ data: IntakeItem }>(`${INTAKE_PATH}/${id}/retry`).then((a) => a.data),
    onSettled: refresh,
  });
  const dismiss = useMutation({
    mutationFn: (id: number) => api.delete<{ data: IntakeItem }>(`${INTAKE_PATH}/${id}`).then((a) => a.data),
    onSettled: refresh,
  });
  return { retry, dismiss };
}

/** `POST /intake/import` (multipart): a dry run answers the preview and writes nothing. */
export function useIntakeImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceId, file, dryRun }: { sourceId: string; file: File; dryRun: boolean }) => {
      const body = new FormData();
      body.append('source_id', sourceId);
      if (dryRun) body.append('dry_run', '1');
      body.append('file', file, file.name);
      return api.post<{ data: ImportResult }>(`${INTAKE_PATH}/import`, body).then((a) => a.data);
    },
    onSuccess: async (result) => {
      if (result.dry_run) return;
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) }),
        qc.invalidateQueries({ queryKey: queryKeys.all('order'), refetchType: 'none' }),
      ]);
    },
  });
}

/** The import's template, its headers in the reader's language. */
export async function downloadTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  const file = await api.file(`${INTAKE_PATH}/import/template`, { format });
  saveFile(file.blob, file.filename ?? `orders-template.${format}`);
}
