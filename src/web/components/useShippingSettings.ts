import { useQuery } from '@tanstack/react-query';
import type { ShippingSettings } from '../../core/api/shippingSettings';
import { api } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';
import { useCompanyId } from '../lib/session';

/** The resource of the company's shipping settings (its query keys start with it). */
export const SHIPPING_SETTINGS = 'company-shipping';

/**
 * The selected company's shipping settings (GET /company/{id}/shipping): the label format and the
 * defaults the AWB form and a bulk AWB job start with; the settings screen changes them.
 */
export function useShippingSettings(enabled = true) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.detail(SHIPPING_SETTINGS, companyId, 'settings'),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ShippingSettings }>(`/api/v1/company/${companyId}/shipping`, undefined, signal)
        .then((r) => r.data),
    enabled: enabled && companyId !== null,
  });
}
