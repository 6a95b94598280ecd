import { useQuery } from '@tanstack/react-query';
import type { CompanyIntegration } from '../../core/api/integrations';
import { api } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';
import { useCompanyId } from '../lib/session';

/** The resource of the company's integration set-ups (its query keys start with it). */
export const COMPANY_INTEGRATIONS = 'company-integration';

/**
 * The selected company's integration set-ups (GET /company-integration): the Integrations screen
 * lists them, the order detail picks its couriers among them. Nothing is fetched without a company.
 */
export function useCompanyIntegrations(enabled = true) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list(COMPANY_INTEGRATIONS, companyId, {}),
    queryFn: ({ signal }) =>
      api.get<{ data: CompanyIntegration[] }>('/api/v1/company-integration', undefined, signal).then((r) => r.data),
    enabled: enabled && companyId !== null,
  });
}

/** The set-ups of a kind that can be used now: active and fully configured (credentials and the wizard's choices). */
export const usableIntegrations = (
  all: readonly CompanyIntegration[] | undefined,
  type: CompanyIntegration['type'],
): CompanyIntegration[] => (all ?? []).filter((i) => i.type === type && i.is_active && i.configured);
