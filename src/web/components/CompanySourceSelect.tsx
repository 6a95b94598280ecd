import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '../../core/api/list';
import { companyHeader, request } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';

/** A source as the source list answers it (only what the select needs). */
interface SourceOption {
  id: number;
  source: string;
  active?: boolean;
}

export interface CompanySourceSelectProps extends Omit<SelectProps, 'data' | 'description' | 'disabled'> {
  /** The company chosen in the form; null: none yet (the select stays disabled). */
  companyId: number | null;
  /** Page and size of the source list call, e.g. { page: 1, items: 100 }. */
  query: { page?: number; items: number };
  /** The text under the select: no company chosen yet, the sources failed to load, no active source. */
  hints: { needsCompany: string; failed: string; none: string };
}

/**
 * The source of a new record, next to a CompanySelect: the active sources of the company chosen in
 * the form, asked as that company (its X-Company-ID and the company_id filter must match).
 */
export function CompanySourceSelect({ companyId, query, hints, ...select }: CompanySourceSelectProps) {
  const sources = useQuery({
    queryKey: queryKeys.list('source', companyId, { ...query, purpose: 'options' }),
    queryFn: ({ signal }) =>
      request<ListResponse<SourceOption>>('/api/v1/source', {
        query: { ...query, company_id: companyId! },
        signal,
        headers: companyHeader(companyId!),
      }),
    enabled: companyId !== null,
  });
  // Only active sources: an inactive channel brings no orders.
  const options = (sources.data?.data ?? [])
    .filter((s) => s.active !== false)
    .map((s) => ({ value: String(s.id), label: s.source }));
  let hint: string | undefined;
  if (!companyId) hint = hints.needsCompany;
  else if (sources.isError) hint = hints.failed;
  else if (sources.isSuccess && options.length === 0) hint = hints.none;
  return (
    <Select
      required
      searchable
      disabled={!companyId || sources.isLoading}
      data={options}
      description={hint}
      comboboxProps={{ withinPortal: true }}
      {...select}
    />
  );
}
