import type { AddressCheck } from '../../../core/api/orders.js';
import { translate, type Lang } from '../../../core/messages.js';

/** What a "to check" order keeps of its address's reading (orders.address_check, JSON): the part that stopped it, why, the candidates. */
export type StoredCheck = Pick<AddressCheck, 'part' | 'reason' | 'candidates'>;

/** The stored check as the order's answer shows it, its reason in the reader's language. */
export function addressCheckView(stored: string | null | undefined, lang: Lang): AddressCheck | null {
  if (!stored) return null;
  const c = JSON.parse(stored) as StoredCheck;
  return { ...c, message: translate(lang, `address_check_${c.part}_${c.reason}`) };
}
