import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';
import { useList } from '../../components/useList';
import { useCrud } from '../../components/useCrud';
import type { Order, OrderRow } from './types';

export const ORDERS_PATH = '/api/v1/order';

/**
 * Query keys of orders. Everything read about one order lives under `detail(companyId, id)`, so one
 * invalidation after a change refetches all of it (spec 4: after every order change the order is
 * fetched again); `lists` covers the orders list and the dashboard's recent orders.
 */
export const orderKeys = {
  all: queryKeys.all('order'),
  lists: (companyId: number | null) => queryKeys.lists('order', companyId),
  detail: (companyId: number | null, id: number) => queryKeys.detail('order', companyId, id),
  /** The order itself (GET /order/{id}): customer, lines, discounts, history. */
  order: (companyId: number | null, id: number) => [...queryKeys.detail('order', companyId, id), 'order'] as const,
};

/** Resources whose figures an order change moves: the lists and counts to refetch with it. */
const TOUCHED_BY_ORDERS = ['order', 'customer', 'product'] as const;

export function useOrderList() {
  return useList<OrderRow>({ resource: 'order', path: ORDERS_PATH });
}

export function useOrderCrud(list?: ReturnType<typeof useOrderList>) {
  return useCrud<unknown, { id?: number; data?: { id?: number } }>({ resource: 'order', path: ORDERS_PATH, list });
}

/** GET /order/{id}; nothing is fetched without a company or a valid id. */
export function useOrder(id: number | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: orderKeys.order(companyId, id ?? 0),
    queryFn: ({ signal }) => api.get<Order | { data: Order }>(`${ORDERS_PATH}/${id}`, undefined, signal).then(unwrap),
    enabled: companyId !== null && id !== null,
  });
}

/** Some endpoints answer the record itself, others `{data: record}`: accept both. */
export function unwrap<T extends object>(answer: T | { data: T }): T {
  return answer && typeof answer === 'object' && 'data' in answer && answer.data && typeof answer.data === 'object' && !Array.isArray(answer.data) ? answer.data : (answer as T);
}

/**
 * A change to one order: runs the call, then refetches the order, the lists and the counts it
 * moves (stock of products, customers). Errors are left to the caller (each part shows its own text).
 */
export function useOrderChange<V>(orderId: number, call: (vars: V) => Promise<unknown>) {
  const qc = useQueryClient();
  const companyId = useCompanyId();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.detail(companyId, orderId) }),
        ...TOUCHED_BY_ORDERS.map((r) => qc.invalidateQueries({ queryKey: queryKeys.all(r), refetchType: r === 'order' ? 'active' : 'none' })),
      ]);
    },
  });
}
