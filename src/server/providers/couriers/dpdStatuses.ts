import { statusLookup } from './statusTable.js';
import type { CourierStatusRow } from './types.js';

/**
 * DPD Romania's operation codes (`track` `operations[].operationCode`) as its own WooCommerce and
 * PrestaShop modules list them. 44 is an unsuccessful delivery (DPD tries again: the address or
 * the contact failed), 123 a refusal. Codes not listed are movements between depots.
 */
export const DPD_STATUSES: readonly CourierStatusRow[] = [
  { code: '148', awbStatus: 'created', label: 'Date expeditie primite' },
  { code: '39', awbStatus: 'pickedUp', label: 'Preluat de la expeditor' },
  { code: '2', awbStatus: 'in_transit', label: 'Sosit in depozit' },
  { code: '11', awbStatus: 'in_transit', label: 'Sosit in hub' },
  { code: '12', awbStatus: 'inDelivery', label: 'In livrare la curier' },
  { code: '134', awbStatus: 'inDelivery', label: 'La oficiu / locker' },
  {
    code: '44',
    awbStatus: 'inDelivery',
    attention: 'failed_attempt',
    label: 'Livrare nereusita - destinatar absent / adresa incorecta',
  },
  { code: '-14', awbStatus: 'delivered', label: 'Livrat' },
  { code: '123', awbStatus: 'refused', attention: 'refused', label: 'Refuzat de destinatar' },
  { code: '111', awbStatus: 'returning', attention: 'returning', label: 'Retur catre expeditor in curs' },
  { code: '124', awbStatus: 'returned', attention: 'returning', label: 'Livrat inapoi la expeditor' },
  { code: '128', awbStatus: 'cancelled', label: 'Anulat' },
];

/** One DPD operation: its row by code, else a movement between depots. */
export const dpdEvent = statusLookup(DPD_STATUSES, []);
