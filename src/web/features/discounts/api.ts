import type { DiscountType, OrderDiscount, ProductDiscount } from '../../../core/api/discounts';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';

export const ORDER_DISCOUNTS_PATH = '/api/v1/order-discount';
export const PRODUCT_DISCOUNTS_PATH = '/api/v1/product-discount';

export interface OrderDiscountCreateBody {
  type: DiscountType;
  order_value: string | number;
  /** Left out for shipping: a free-shipping discount has no value. */
  value?: string | number;
  company_id: number;
  source_id: number;
}
export type OrderDiscountUpdateBody = Omit<OrderDiscountCreateBody, 'company_id' | 'source_id'>;
/** What the order discount form sends: the create body, or the update body on edit. */
export type OrderDiscountBody = OrderDiscountCreateBody | OrderDiscountUpdateBody;

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
  return useCrud<OrderDiscountBody, { data: OrderDiscount }>({
    resource: 'order-discount',
    path: ORDER_DISCOUNTS_PATH,
    list,
    createIn: (body) => ('company_id' in body ? body.company_id : undefined),
  });
}

export function useProductDiscountList() {
  return useList<ProductDiscount>({ resource: 'product-discount', path: PRODUCT_DISCOUNTS_PATH });
}

export function useProductDiscountCrud(list: ReturnType<typeof useProductDiscountList>) {
  return useCrud<ProductDiscountBody>({ resource: 'product-discount', path: PRODUCT_DISCOUNTS_PATH, list });
}
