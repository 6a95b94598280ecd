import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '../../../core/api/companies';
import type { DiscountType, OrderDiscount, ProductDiscount } from '../../../core/api/discounts';
import type { ListResponse } from '../../../core/api/list';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';
import { api, request } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { session, useCompanyId } from '../../lib/session';

export const ORDER_DISCOUNTS_PATH = '/api/v1/order-discount';
export const PRODUCT_DISCOUNTS_PATH = '/api/v1/product-discount';

export interface OrderDiscountCreateBody {
  type: DiscountType;
  order_value: string | number;
  /** Left out for shipping (spec 7). */
  value?: string | number;
  company_id: number;
  source_id: number;
}
export type OrderDiscountUpdateBody = Omit<OrderDiscountCreateBody, 'company_id' | 'source_id'>;

export interface ProductDiscountBody {
  product_id: number;
  type: DiscountType;
  quantity: string | number;
  value?: string | number;
}

export function useOrderDiscountList() {
  return useList<OrderDiscount>({ resource: 'order-discount', path: ORDER_DISCOUNTS_PATH });
}

/** Create (as the company chosen in the form), update (type, order_value, value), delete. */
export function useOrderDiscountCrud(list: ReturnType<typeof useOrderDiscountList>) {
  const crud = useCrud<OrderDiscountUpdateBody>({ resource: 'order-discount', path: ORDER_DISCOUNTS_PATH, list });
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: (body: OrderDiscountCreateBody) => request<{ data: OrderDiscount }>(ORDER_DISCOUNTS_PATH, { method: 'POST', body, headers: companyHeader(body.company_id) }),
    onSuccess: () => {
      list.afterCreate();
      return qc.invalidateQueries({ queryKey: queryKeys.all('order-discount') });
    },
  });
  return { create, update: crud.update, remove: crud.remove, isSaving: create.isPending || crud.isSaving };
}

export function useProductDiscountList() {
  return useList<ProductDiscount>({ resource: 'product-discount', path: PRODUCT_DISCOUNTS_PATH });
}

export function useProductDiscountCrud(list: ReturnType<typeof useProductDiscountList>) {
  return useCrud<ProductDiscountBody>({ resource: 'product-discount', path: PRODUCT_DISCOUNTS_PATH, list });
}

/** The user's companies for the company select (the same query as the sidebar's selector). */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['company', null, 'all'],
    queryFn: ({ signal }) => api.get<ListResponse<Company>>('/api/v1/company', { items: 1000 }, signal),
    enabled,
  });
}

export interface SourceOption {
  id: number;
  source: string;
  active: boolean;
}

/** A company's sources for the source select: the by-company fetch, page 1 of 100 (spec 7). */
export function useCompanySources(companyId: number | null) {
  return useQuery({
    queryKey: queryKeys.list('source', companyId, { page: 1, items: 100, purpose: 'options' }),
    queryFn: ({ signal }) =>
      request<ListResponse<SourceOption>>('/api/v1/source', { query: { page: 1, items: 100, company_id: companyId! }, signal, headers: companyHeader(companyId!) }),
    enabled: companyId !== null,
  });
}

export interface ProductOption {
  id: number;
  name: string;
  sku: string;
}

/** Products of the selected company for the product picker: page 1, 100 per page, no search (spec 7). */
export function useProductOptions(enabled: boolean) {
  const companyId = useCompanyId();
  return useQuery({
    queryKey: queryKeys.list('product', companyId, { page: 1, items: 100, purpose: 'options' }),
    queryFn: ({ signal }) => api.get<ListResponse<ProductOption>>('/api/v1/product', { page: 1, items: 100 }, signal),
    enabled: enabled && companyId !== null,
  });
}

/** X-Company-ID of a company chosen in a form, when it is not the one selected in the sidebar. */
function companyHeader(companyId: number): Record<string, string> | undefined {
  return session.get().company?.id === companyId ? undefined : { 'X-Company-ID': String(companyId) };
}
