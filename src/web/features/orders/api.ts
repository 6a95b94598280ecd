import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LockerCourier, Lockers } from '../../../core/api/lockers';
import type { Message } from '../../../core/api/messages';
import type { Package } from '../../../core/api/packages';
import type { SmsSend, SmsSendInput } from '../../../core/api/sms';
import type { AwbPayload } from '../../../core/api/shipping';
import { api, ApiError, type DownloadedFile, type QueryParams } from '../../lib/api';
import { useIdempotentCall } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';
import { useList } from '../../components/useList';
import { useCrud } from '../../components/useCrud';
import type { Order, OrderListItem } from '../../../core/api/orders';
import { awaitsProvider } from './shared/orderView';

export const ORDERS_PATH = '/api/v1/order';

/**
 * Query keys of orders. Everything read about one order lives under `detail(companyId, id)`, so one
 * invalidation after a change refetches all of it (after every order change the order is fetched
 * again, so the screen shows what the server now holds); `lists` covers the orders list and the dashboard's recent orders.
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

/**
 * After orders changed (one, or many by a bulk job): the orders on screen (lists, their tab counts, an
 * open order) are fetched again now, the customers' and products' figures when next shown.
 */
export function invalidateOrders(qc: QueryClient): Promise<void> {
  return Promise.all(
    TOUCHED_BY_ORDERS.map((r) =>
      qc.invalidateQueries({ queryKey: queryKeys.all(r), refetchType: r === 'order' ? 'active' : 'none' }),
    ),
  ).then(() => undefined);
}

/** The orders list; `params` filter it (invoice_status). */
export function useOrderList(params?: QueryParams) {
  return useList<OrderListItem>({ resource: 'order', path: ORDERS_PATH, params });
}

export function useOrderCrud(list?: ReturnType<typeof useOrderList>) {
  return useCrud<unknown, { id?: number; data?: { id?: number } }>({ resource: 'order', path: ORDERS_PATH, list });
}

/** While an AWB or invoice create is in flight or being checked with the provider, the order is fetched again this often. */
export const PROVIDER_POLL_MS = 4000;

/**
 * GET /order/{id}; nothing is fetched without a company or a valid id. While the order waits on a
 * provider (awb_state / invoice_state set) it is fetched again until it settles.
 */
export function useOrder(id: number | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: orderKeys.order(companyId, id ?? 0),
    queryFn: ({ signal }) => api.get<Order | { data: Order }>(`${ORDERS_PATH}/${id}`, undefined, signal).then(unwrap),
    enabled: companyId !== null && id !== null,
    refetchInterval: (query) => (awaitsProvider(query.state.data) ? PROVIDER_POLL_MS : false),
  });
}

/** Some endpoints answer the record itself, others `{data: record}`: accept both. */
export function unwrap<T extends object>(answer: T | { data: T }): T {
  return answer &&
    typeof answer === 'object' &&
    'data' in answer &&
    answer.data &&
    typeof answer.data === 'object' &&
    !Array.isArray(answer.data)
    ? answer.data
    : (answer as T);
}

/**
 * A change to one order: runs the call, then refetches the order, the lists and the counts it
 * moves (stock of products, customers). Errors are left to the caller (each part shows its own text).
 */
export function useOrderChange<V, R = unknown>(orderId: number, call: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  const companyId = useCompanyId();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.detail(companyId, orderId) }),
        invalidateOrders(qc),
      ]);
    },
  });
}

/**
 * A change that creates something (a line, a discount, a flag, a document): like useOrderChange,
 * with one Idempotency-Key per submission (lib/idempotency.ts), so a double click or a retry of
 * the same change on the same order is made once.
 */
export function useOrderCreate<V, R = unknown>(orderId: number, call: (vars: V, idempotencyKey: string) => Promise<R>) {
  const once = useIdempotentCall((sent: { orderId: number; vars: V }, key: string) => call(sent.vars, key));
  return useOrderChange(orderId, (vars: V) => once({ orderId, vars }));
}

/** A 409 on a flag means this company already flagged the customer: that counts as success, the customer is flagged either way. */
export async function flagCustomer(
  customerId: number,
  reason: string,
  orderId?: number,
  idempotencyKey?: string,
): Promise<'flagged' | 'already'> {
  try {
    await api.post(
      `/api/v1/customer/${customerId}/flag`,
      { reason, ...(orderId ? { order_id: orderId } : {}) },
      { idempotencyKey },
    );
    return 'flagged';
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) return 'already';
    throw e;
  }
}

export type CustomerDetailField = (typeof CUSTOMER_DETAIL_FIELDS)[number];
/** The fields POST /customer-detail/{orderId} stores (only those sent). */
export const CUSTOMER_DETAIL_FIELDS = [
  'name',
  'email',
  'address',
  'city',
  'county',
  'company_name',
  'vat_number',
  'company_address',
  'company_city',
  'company_county',
] as const;

/**
 * Every change the order detail makes. Each one refetches the order afterwards,
 * whether it worked or not, so the screen always shows what the server holds.
 */
export function useOrderActions(orderId: number) {
  return {
    updateOrder: useOrderChange(orderId, (body: { observations?: string; details?: string; payment_method?: string }) =>
      api.post(`${ORDERS_PATH}/${orderId}`, body),
    ),
    updateCustomerDetail: useOrderChange(orderId, (body: Partial<Record<CustomerDetailField, string | null>>) =>
      api.post(`/api/v1/customer-detail/${orderId}`, body),
    ),
    updatePhone: useOrderChange(orderId, ({ customerId, phone }: { customerId: number; phone: string }) =>
      api.post(`/api/v1/customer/${customerId}`, { phone_number: phone }),
    ),
    cancel: useOrderChange(orderId, () => api.post(`${ORDERS_PATH}/${orderId}/cancel`)),
    restore: useOrderChange(orderId, () => api.post(`${ORDERS_PATH}/${orderId}/uncancel`)),
    flag: useOrderCreate(orderId, ({ customerId, reason }: { customerId: number; reason: string }, key) =>
      flagCustomer(customerId, reason, orderId, key),
    ),
    unflag: useOrderChange(orderId, (customerId: number) =>
      api.delete(`/api/v1/customer/${customerId}/flag?order_id=${orderId}`),
    ),
    addProduct: useOrderCreate(orderId, ({ productId, quantity }: { productId: number; quantity: number }, key) =>
      api.post(`${ORDERS_PATH}/${orderId}/product/${productId}`, { quantity }, { idempotencyKey: key }),
    ),
    setLineQuantity: useOrderChange(orderId, ({ lineId, quantity }: { lineId: number; quantity: number }) =>
      api.post(`/api/v1/order-product/${lineId}`, { quantity }),
    ),
    removeLine: useOrderChange(orderId, (lineId: number) => api.delete(`/api/v1/order-product/${lineId}`)),
    addDiscount: useOrderCreate(
      orderId,
      (body: { type: 'amount' | 'percentage'; value: number; order_product_id: number | null }, key) =>
        api.post(`/api/v1/applied-discount/${orderId}/add`, body, { idempotencyKey: key }),
    ),
    updateDiscount: useOrderChange(orderId, ({ id, value }: { id: number; value: number }) =>
      api.post(`/api/v1/applied-discount/${id}`, { value }),
    ),
    deleteDiscount: useOrderChange(orderId, (id: number) => api.delete(`/api/v1/applied-discount/${id}`)),
    applyCoupon: useOrderChange(orderId, (code: string) => api.post(`${ORDERS_PATH}/${orderId}/coupon`, { code })),
    removeCoupon: useOrderChange(orderId, () => api.delete(`${ORDERS_PATH}/${orderId}/coupon`)),
  };
}

/** The PDFs of an order: the AWB label and the invoice, with the file name the server gives them. */
export const orderPdf = {
  awb: (orderId: number): Promise<DownloadedFile> => api.file(`${ORDERS_PATH}/${orderId}/awb`),
  invoice: (orderId: number): Promise<DownloadedFile> => api.file(`${ORDERS_PATH}/${orderId}/download-invoice`),
  /** One of the order's invoice documents (its invoice or a storno document). */
  invoiceDocument: (orderId: number, documentId: number): Promise<DownloadedFile> =>
    api.file(`${ORDERS_PATH}/${orderId}/download-invoice?document=${documentId}`),
};

/**
 * The AWB and invoice calls of the order detail. Each refetches the order afterwards,
 * whatever the answer (a timeout leaves it awaiting the provider, which the screen then shows).
 */
export function useDocumentActions(orderId: number) {
  const path = `${ORDERS_PATH}/${orderId}`;
  return {
    createAwb: useOrderCreate(orderId, (body: AwbPayload, key) =>
      api.post<{ data: Order }>(`${path}/awb`, body, { idempotencyKey: key }),
    ),
    deleteAwb: useOrderChange(orderId, () => api.delete<{ data: Order }>(`${path}/awb`)),
    /** The seller's choice among the AWBs that could be a lost create's; null: none of them. */
    resolveAwb: useOrderChange(orderId, (awb: string | null) =>
      api.post<{ data: Order }>(`${path}/awb/resolve`, { awb }),
    ),
    createInvoice: useOrderCreate(orderId, (_: void, key) =>
      api.post<{ data: Order }>(`${path}/create-invoice`, {}, { idempotencyKey: key }),
    ),
    cancelInvoice: useOrderChange(orderId, () => api.post<{ data: Order }>(`${path}/cancel-invoice`)),
    deleteInvoice: useOrderChange(orderId, () => api.post<{ data: Order }>(`${path}/delete-invoice`)),
    storno: useOrderCreate(orderId, (body: { order_products: { id: number; quantity: number }[] }, key) =>
      api.post<{ data: Order }>(`${path}/storno-invoice`, body, { idempotencyKey: key }),
    ),
  };
}
export type DocumentActions = ReturnType<typeof useDocumentActions>;

/**
 * A courier's lockers and pick-up points of a county (and city), read with the company's login;
 * nothing is asked before a county is chosen.
 */
export function useLockers(courier: LockerCourier | null, county: string | null, city: string | null) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list('lockers', companyId, { courier, county, city }),
    queryFn: ({ signal }) => api.get<Lockers>(`/api/v1/${courier}/lockers`, { county, city }, signal),
    enabled: companyId !== null && courier !== null && Boolean(county),
    // A refused login or a courier not set up does not get better by asking again at once.
    retry: false,
  });
}

/** The company's active packages (page 1, 100 at most: presets, not a catalogue) for the AWB modal. */
export function useCompanyPackages(enabled: boolean) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list('package', companyId, { page: 1, items: 100 }),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Package[] }>('/api/v1/package', { page: 1, items: 100 }, signal)
        .then((r) => r.data.filter((p) => p.is_active)),
    enabled: enabled && companyId !== null,
  });
}

/** The order's SMS, newest first (under the order's detail key, so every order change refetches them). */
export function useOrderSms(orderId: number) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: [...orderKeys.detail(companyId, orderId), 'sms'] as const,
    queryFn: ({ signal }) => api.get<{ data: SmsSend[] }>(`${ORDERS_PATH}/${orderId}/sms`, undefined, signal),
    enabled: companyId !== null,
    // A send waits on its delivery receipts: fetched again until each is delivered, failed or unknown.
    refetchInterval: (query) =>
      query.state.data?.data.some((s) => s.status === 'queued' || s.status === 'sent') ? SMS_POLL_MS : false,
  });
}
export const SMS_POLL_MS = 2000;

/** Sends an SMS to the order's customer: a template's (`message_id`) or a typed text. */
export function useSendSms(orderId: number) {
  return useOrderCreate(orderId, (body: SmsSendInput, key: string) =>
    api.post<{ data: SmsSend }>(`${ORDERS_PATH}/${orderId}/sms`, body, { idempotencyKey: key }),
  );
}

/** The company's active SMS templates (at most 100) for the order's "Send SMS". */
export function useSmsTemplates(enabled: boolean) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list('message', companyId, { page: 1, items: 100 }),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Message[] }>('/api/v1/message', { page: 1, items: 100 }, signal)
        .then((r) => r.data.filter((m) => m.is_active)),
    enabled: enabled && companyId !== null,
  });
}
