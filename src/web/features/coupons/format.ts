import type { TFunction } from 'i18next';
import type { Coupon, CouponType } from '../../../core/api/coupons';
import { formatAmount } from '../../lib/format';
import { localeOf } from '../../lib/i18n';

/** A coupon's value as the list shows it: "12.5 %" or "25.00 RON". */
export function couponValueText(type: CouponType, value: number, lang: string): string {
  if (type === 'percentage') return `${value.toLocaleString(localeOf(lang), { maximumFractionDigits: 2 })} %`;
  return formatAmount(value, 'RON', lang);
}

/** Uses so far against the uses allowed: "3 / 10", or "3 (no limit)". */
export function couponUsesText(c: Pick<Coupon, 'uses' | 'uses_allowed'>, t: TFunction): string {
  return c.uses_allowed === null
    ? t('coupons:usesUnlimited', { uses: c.uses })
    : t('coupons:usesOf', { uses: c.uses, allowed: c.uses_allowed });
}
