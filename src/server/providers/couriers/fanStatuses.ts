import { statusLookup } from './statusTable.js';
import type { CourierStatusRow } from './types.js';

/**
 * FAN Courier's tracking event codes (API v2 `reports/awb/tracking`, `events[].id`), as FAN's v2
 * documentation lists them (pp. 41–44, quoted by integrators; ../../../../docs/fan-courier.md):
 * each one's courier status and whether it puts the parcel among those needing attention.
 *
 * - `awbStatus`: what the console shows. Only S2 is delivered; S46 (left at a FANbox, PayPoint or
 *   office, not yet collected) is still out for delivery.
 * - `attention`: `failed_attempt` for a delivery that failed on the address or the contact (the
 *   seller can mend it: call the customer, send the right address); `refused` for a refusal at the
 *   door (a return follows); `returning` for a parcel on its way back or back; none for the rest.
 * - `label`: FAN's own words (Romanian), shown where the code is.
 *
 * One table, so the client's mapping and the attention rules cannot drift apart.
 */
export const FAN_STATUSES: readonly CourierStatusRow[] = [
  // Picked up and moving between depots.
  { code: 'C0', awbStatus: 'pickedUp', label: 'Expediere preluată' },
  { code: 'C1', awbStatus: 'pickedUp', label: 'Expediere preluată spre livrare' },
  { code: 'H0', awbStatus: 'in_transit', label: 'În tranzit spre depozitul de destinație' },
  { code: 'H10', awbStatus: 'in_transit', label: 'În tranzit spre depozitul de destinație' },
  { code: 'H1', awbStatus: 'in_transit', label: 'Descărcare în depozitul de destinație' },
  { code: 'H11', awbStatus: 'in_transit', label: 'Descărcare în depozitul de destinație' },
  { code: 'H2', awbStatus: 'in_transit', label: 'În tranzit' },
  { code: 'H3', awbStatus: 'in_transit', label: 'Sortare' },
  { code: 'H4', awbStatus: 'in_transit', label: 'Sortare' },
  { code: 'H12', awbStatus: 'in_transit', label: 'În depozit' },
  { code: 'H13', awbStatus: 'in_transit', label: 'În depozit' },
  { code: 'H15', awbStatus: 'in_transit', label: 'În depozit' },
  { code: 'H17', awbStatus: 'in_transit', label: 'În depozit' },
  // Out for delivery.
  { code: 'S1', awbStatus: 'inDelivery', label: 'În livrare' },
  { code: 'S3', awbStatus: 'inDelivery', label: 'Destinatar avizat' },
  { code: 'S11', awbStatus: 'inDelivery', label: 'Destinatar avizat, SMS trimis' },
  { code: 'S8', awbStatus: 'inDelivery', label: 'Livrare din sediul FAN Courier' },
  { code: 'S35', awbStatus: 'inDelivery', label: 'Retrimis în livrare' },
  { code: 'S46', awbStatus: 'inDelivery', label: 'Predat în punctul de livrare (FANbox, PayPoint, sediu)' },
  { code: 'S47', awbStatus: 'in_transit', label: 'Predat partenerului extern' },
  // Delivered: S2 only.
  { code: 'S2', awbStatus: 'delivered', label: 'Livrat' },
  // A failed attempt: the address or the contact is the problem.
  { code: 'S4', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Adresă incompletă' },
  { code: 'S5', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Adresă greșită, destinatar mutat' },
  { code: 'S9', awbStatus: 'in_transit', label: 'Redirecționat' },
  {
    code: 'S10',
    awbStatus: 'inDelivery',
    attention: 'failed_attempt',
    label: 'Adresă incorectă, fără număr de telefon',
  },
  { code: 'S12', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Contactat, livrare ulterioară' },
  { code: 'S14', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Acces restricționat' },
  { code: 'S19', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Adresă incompletă, SMS trimis' },
  {
    code: 'S20',
    awbStatus: 'inDelivery',
    attention: 'failed_attempt',
    label: 'Adresă incompletă, fără număr de telefon',
  },
  { code: 'S21', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Lipsă persoană de contact' },
  { code: 'S22', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Destinatarul nu are bani de ramburs' },
  {
    code: 'S24',
    awbStatus: 'inDelivery',
    attention: 'failed_attempt',
    label: 'Lipsă împuternicire / act de identitate',
  },
  { code: 'S25', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Adresă incorectă, SMS trimis' },
  { code: 'S27', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Adresă sau telefon incorect' },
  { code: 'S28', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Adresă sau telefon incorect' },
  { code: 'S30', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Destinatarul nu răspunde' },
  { code: 'S42', awbStatus: 'inDelivery', attention: 'failed_attempt', label: 'Adresă incorectă' },
  // Refused at the door (a return follows).
  { code: 'S6', awbStatus: 'refused', attention: 'refused', label: 'Refuz primire' },
  { code: 'S7', awbStatus: 'refused', attention: 'refused', label: 'Refuz plată transport' },
  { code: 'S15', awbStatus: 'refused', attention: 'refused', label: 'Refuz plată ramburs' },
  { code: 'S50', awbStatus: 'refused', attention: 'refused', label: 'Refuz confirmare' },
  // On the way back, and back.
  { code: 'S33', awbStatus: 'returning', attention: 'returning', label: 'Retur solicitat' },
  { code: 'S16', awbStatus: 'returning', attention: 'returning', label: 'Retur la termen' },
  { code: 'S43', awbStatus: 'returned', attention: 'returning', label: 'Retur' },
  // Ended without a delivery.
  { code: 'S37', awbStatus: 'cancelled', label: 'Despăgubit' },
  { code: 'S38', awbStatus: 'cancelled', label: 'AWB neexpediat' },
  { code: 'S49', awbStatus: 'cancelled', label: 'Activitate suspendată' },
];

/**
 * One FAN event by its code. A code FAN adds later that is not in the table counts as a movement
 * (in transit): it is a scan, and saying nothing would hide that the parcel moved.
 */
export const fanEvent = statusLookup(FAN_STATUSES, []);
