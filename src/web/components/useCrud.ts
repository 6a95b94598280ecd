import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusBody } from '../../core/api/status';
import { api, companyHeader, request } from '../lib/api';
import { useIdempotentCall } from '../lib/idempotency';
import { queryKeys } from '../lib/queryKeys';
import type { ListController } from './useList';

export interface UseCrudOptions<TBody> {
  /** Query-key root to invalidate after every change, e.g. 'source'. */
  resource: string;
  /** Collection path: create POST path, update POST path/{id}, delete DELETE path/{id}. */
  path: string;
  /** The list to apply the refetch rules to (create → page 1, update → same page, delete → step back). */
  list?: Pick<ListController<unknown>, 'afterCreate' | 'afterUpdate' | 'afterDelete'>;
  /**
   * For a form that chooses the company of a new record: the company a create body goes to. Its
   * X-Company-ID is sent with the create when it is not the sidebar's (undefined: the sidebar's).
   */
  createIn?: (body: TBody) => number | undefined;
}

/**
 * Create / update / delete mutations of one resource, following the API conventions
 * (updates are POST /path/{id}) and the list refetch rules. A body may be a plain object (JSON)
 * or FormData (multipart). `save(id, body)` creates when id is null, updates otherwise. A create
 * carries one Idempotency-Key per submission (lib/idempotency.ts), so a double click or a retry of
 * the same form makes one record.
 */
export function useCrud<TBody = unknown, TAnswer = unknown>({ resource, path, list, createIn }: UseCrudOptions<TBody>) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: queryKeys.all(resource) });
  const createOnce = useIdempotentCall((body: TBody, idempotencyKey: string) => {
    const company = createIn?.(body);
    return company === undefined
      ? api.post<TAnswer>(path, body, { idempotencyKey })
      : request<TAnswer>(path, { method: 'POST', body, headers: companyHeader(company), idempotencyKey });
  });
  const create = useMutation({
    mutationFn: createOnce,
    onSuccess: () => {
      list?.afterCreate();
      return invalidate();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number | string; body: TBody }) => api.post<TAnswer>(`${path}/${id}`, body),
    onSuccess: () => {
      list?.afterUpdate();
      return invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number | string) => api.delete<unknown>(`${path}/${id}`),
    onSuccess: () => {
      list?.afterDelete();
      return invalidate();
    },
  });
  // The status toggle: POST path/{id} with only is_active (src/core/api/status.ts); the list stays on its page.
  const status = useMutation({
    mutationFn: ({ id, active }: { id: number | string; active: boolean }) =>
      api.post<TAnswer>(`${path}/${id}`, statusBody(active)),
    onSuccess: () => {
      list?.afterUpdate();
      return invalidate();
    },
  });
  const isSaving = create.isPending || update.isPending;
  return {
    create,
    update,
    remove,
    isSaving,
    status,
    /** Sets is_active of one row (ignored while another toggle runs: answers undefined). */
    setStatus: (id: number | string, active: boolean): Promise<TAnswer | undefined> =>
      status.isPending ? Promise.resolve(undefined) : status.mutateAsync({ id, active }),
    /** True while the toggle of this row runs (its switch is disabled). */
    isTogglingStatus: (id: number | string) => status.isPending && status.variables?.id === id,
    /** Creates (id null/undefined) or updates; ignored while a save runs (answers undefined). */
    save: (id: number | string | null | undefined, body: TBody): Promise<TAnswer | undefined> => {
      if (isSaving) return Promise.resolve(undefined);
      return id === null || id === undefined ? create.mutateAsync(body) : update.mutateAsync({ id, body });
    },
  };
}
