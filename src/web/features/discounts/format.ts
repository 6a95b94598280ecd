import type { TFunction } from 'i18next';
import type { DiscountType } from '../../../core/api/discounts';
import { localeOf } from '../../lib/i18n';
import { formatAmount } from '../../lib/format';

/** A discount's value as shown in lists: "12.5 %", "25.00 RON" or "Free shipping". */
export function formatDiscountValue(type: DiscountType, value: number | null, t: TFunction, lang: string): string {
  if (type === 'shipping' || value === null) return t('discounts:freeShipping');
  if (type === 'percentage') return `${value.toLocaleString(localeOf(lang), { maximumFractionDigits: 2 })} %`;
  return formatAmount(value, 'RON', lang);
}

export const TYPE_COLORS: Record<DiscountType, string> = { percentage: 'violet', amount: 'blue', shipping: 'teal' };
