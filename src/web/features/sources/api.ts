import type { Source } from '../../../core/api/sources';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';

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
