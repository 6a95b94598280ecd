import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SamedayLocations } from '../../../core/api/samedayLocations';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

/** The selected company's Sameday pickup points and the lockers of a county (and city). */
export function useSamedayLocations(filter: { county: string | null; city: string | null }) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list('sameday', companyId, { kind: 'locations', ...filter }),
    queryFn: ({ signal }) =>
      api.get<SamedayLocations>('/api/v1/sameday/locations', { county: filter.county, city: filter.city }, signal),
    enabled: companyId !== null,
    // The lists stay on screen while the next county's come.
    placeholderData: keepPreviousData,
    // A 409 (Sameday not set up) or a refused login does not get better by asking again at once.
    retry: false,
  });
}
