import { statusLookup, type StatusWords } from './statusTable.js';
import type { CourierStatusRow } from './types.js';

/**
 * Sameday's statuses (`expeditionStatus` / `expeditionHistory[].statusId`) as the console reads
 * them. Ids Sameday adds later are read by the words of `status` and `statusState` (`SAMEDAY_WORDS`).
 * The summary's `delivered` and `canceled` booleans still override the last event (sameday.ts).
 */
export const SAMEDAY_STATUSES: readonly CourierStatusRow[] = [
  { code: '1', awbStatus: 'created', label: 'AWB emis' },
  { code: '4', awbStatus: 'pickedUp', label: 'Colet ridicat' },
  { code: '7', awbStatus: 'in_transit', label: 'In tranzit' },
  { code: '33', awbStatus: 'inDelivery', label: 'In livrare' },
  {
    code: '18',
    awbStatus: 'inDelivery',
    attention: 'failed_attempt',
    label: 'Livrare esuata - destinatar indisponibil / adresa gresita',
  },
  { code: '9', awbStatus: 'delivered', label: 'Livrat' },
  { code: '25', awbStatus: 'refused', attention: 'refused', label: 'Refuzat' },
  { code: '29', awbStatus: 'returning', attention: 'returning', label: 'Retur in curs' },
  { code: '84', awbStatus: 'returned', attention: 'returning', label: 'Returnat' },
];

/** Sameday's words for the ids not listed, first match wins. */
export const SAMEDAY_WORDS: readonly StatusWords[] = [
  { pattern: /refuz/, awbStatus: 'refused', attention: 'refused' },
  { pattern: /returnat/, awbStatus: 'returned', attention: 'returning' },
  { pattern: /retur/, awbStatus: 'returning', attention: 'returning' },
  { pattern: /esuat|indisponibil|adresa gresita|nu raspunde/, awbStatus: 'inDelivery', attention: 'failed_attempt' },
  { pattern: /livrat/, awbStatus: 'delivered' },
  { pattern: /livrare/, awbStatus: 'inDelivery' },
  { pattern: /ridicat|preluat/, awbStatus: 'pickedUp' },
  { pattern: /anulat/, awbStatus: 'cancelled' },
];

/** One Sameday status: its row by id, else its words, else a movement between depots. */
export const samedayEvent = statusLookup(SAMEDAY_STATUSES, SAMEDAY_WORDS);
