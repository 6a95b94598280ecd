import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyIntegration, Integration, TestResult, WizardKey } from '../../../core/api/integrations';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';
import { COMPANY_INTEGRATIONS, useCompanyIntegrations } from '../../components/useCompanyIntegrations';

const CATALOGUE = 'integrations';
const SETUPS = COMPANY_INTEGRATIONS;

/**
 * The seven integrations: the same for everyone but the emulators' demo logins, which are the
 * selected company's own (X-Company-ID goes with every call), so the key names the company.
 */
export function useIntegrations() {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list(CATALOGUE, companyId, {}),
    queryFn: ({ signal }) =>
      api.get<{ data: Integration[] }>('/api/v1/integrations', undefined, signal).then((r) => r.data),
  });
}

/** The selected company's set-ups (shared with the order detail's courier choice). */
export { useCompanyIntegrations };

/** `/api/v1/{key}/company/{companyId}/{step}`: the wizard's calls name the company in the path. */
export const wizardPath = (key: WizardKey, companyId: number, step: string) =>
  `/api/v1/${key}/company/${companyId}/${step}`;

function useSetupsChanged() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.all(SETUPS) });
}

/** Step 1 of every wizard: the provider checks the login, then it is stored. */
export function useLogin(key: WizardKey, companyId: number) {
  const changed = useSetupsChanged();
  return useMutation({
    mutationFn: (credentials: Record<string, string>) =>
      api.post<{ data: CompanyIntegration }>(wizardPath(key, companyId, 'login'), credentials).then((r) => r.data),
    onSuccess: changed,
  });
}

/** The later steps of a wizard: each reads a list from the provider (GET) and saves a choice from it (POST). */
export type WizardListStep = 'pickup-points' | 'services' | 'series' | 'vat-amount';

/** A list the wizard chooses from, read from the provider with the stored login. */
export function useWizardList<T>(key: WizardKey, companyId: number, step: WizardListStep) {
  return useQuery({
    queryKey: [SETUPS, companyId, step, key] as const,
    queryFn: ({ signal }) => api.get<{ data: T[] }>(wizardPath(key, companyId, step), undefined, signal),
    // Always the provider's current list when the step opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** A later step's choice (pickup point, series, VAT). */
export function useWizardChoice(key: WizardKey, companyId: number, step: WizardListStep) {
  const changed = useSetupsChanged();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<{ data: CompanyIntegration }>(wizardPath(key, companyId, step), body).then((r) => r.data),
    onSuccess: changed,
  });
}

export function useToggleIntegration() {
  const changed = useSetupsChanged();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ data: CompanyIntegration }>(`/api/v1/company-integration/${id}/toggle-status`).then((r) => r.data),
    onSettled: changed,
  });
}

export function useDeleteIntegration() {
  const changed = useSetupsChanged();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/company-integration/${id}`),
    onSettled: changed,
  });
}

export function useTestIntegration() {
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ data: TestResult }>(`/api/v1/company-integration/${id}/test`).then((r) => r.data),
  });
}
