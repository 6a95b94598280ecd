import type { Coupon, CouponType } from '../../../core/api/coupons';
import { useCrud } from '../../components/useCrud';
import { useList } from '../../components/useList';

export const COUPONS_PATH = '/api/v1/coupon';

/** What the coupon form sends on create and update (the server reads the same body for both). */
export interface CouponBody {
  code: string;
  type: CouponType;
  value: string | number;
  /** Empty: no limit. */
  uses_allowed: string | number | null;
  active: boolean;
}

export function useCouponList() {
  return useList<Coupon>({ resource: 'coupon', path: COUPONS_PATH });
}

export function useCouponCrud(list: ReturnType<typeof useCouponList>) {
  return useCrud<CouponBody, { data: Coupon }>({ resource: 'coupon', path: COUPONS_PATH, list });
}
