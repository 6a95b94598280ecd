import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerOrder } from '../../../core/api/orders';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { useIdempotentCall } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';

export const CUSTOMERS_PATH = '/api/v1/customer';
const RESOURCE = 'customer';

/** The fields the customers screen changes (only those sent are changed). */
export interface CustomerUpdate {
  name?: string;
  email?: string | null;
  phone_number?: string;
}

/** The company's customers: search by name, phone or email, with orders count, total spent and last order. */
export function useCustomerList() {
  return useList<Customer>({ resource: RESOURCE, path: CUSTOMERS_PATH });
}

/** One customer of the selected company, with their flags. */
export function useCustomer(id: number) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.detail(RESOURCE, companyId, id),
    queryFn: ({ signal }) => api.get<{ data: Customer }>(`${CUSTOMERS_PATH}/${id}`, {}, signal).then((r) => r.data),
    enabled: companyId !== null && Number.isInteger(id) && id > 0,
  });
}

/** A page of the customer's orders, newest first (page and size kept on the screen, not in the URL). */
export function useCustomerOrders(id: number) {
  return useList<CustomerOrder>({
    resource: RESOURCE,
    path: `${CUSTOMERS_PATH}/${id}/orders`,
    inUrl: false,
    scope: `orders-${id}`,
  });
}

/**
 * The changes of the detail page: edit (answers the customer as it now is: a new phone may be
 * another person, with another id), flag with a reason (a create: one Idempotency-Key per
 * submission), remove the flag. Each refreshes every customer query (list, detail, orders).
 */
export function useCustomerChanges(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.all(RESOURCE) });
  const sendFlag = useIdempotentCall((reason: string, key: string) =>
    api.post<{ data: Customer }>(`${CUSTOMERS_PATH}/${id}/flag`, { reason }, { idempotencyKey: key }),
  );
  return {
    update: useMutation({
      mutationFn: (body: CustomerUpdate) =>
        api.post<{ data: Customer }>(`${CUSTOMERS_PATH}/${id}`, body).then((r) => r.data),
      onSuccess: refresh,
    }),
    flag: useMutation({ mutationFn: (reason: string) => sendFlag(reason), onSuccess: refresh }),
    unflag: useMutation({
      mutationFn: () => api.delete(`${CUSTOMERS_PATH}/${id}/flag`),
      onSuccess: refresh,
    }),
  };
}
