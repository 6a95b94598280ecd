import { statusLookup, type StatusWords } from './statusTable.js';
import type { CourierStatusRow } from './types.js';

/**
 * Cargus's tracking events (`AwbTrace` `Event[].EventId`, `Description`) as the console reads them.
 * Cargus publishes no event codes: 21 = delivered is what integrators observed; the other ids are
 * those its tracking answers with for the stages below (the emulator answers the same). Any other
 * id is read by the words of its Romanian description (`CARGUS_WORDS`, in order: a refusal is
 * matched before a return, a return before a delivery).
 */
export const CARGUS_STATUSES: readonly CourierStatusRow[] = [
  { code: '1', awbStatus: 'pickedUp', label: 'Expeditia a fost preluata de curier' },
  { code: '2', awbStatus: 'in_transit', label: 'Expeditia este in tranzit spre depozitul de destinatie' },
  { code: '4', awbStatus: 'inDelivery', label: 'Expeditia este in livrare' },
  {
    code: '5',
    awbStatus: 'inDelivery',
    attention: 'failed_attempt',
    label: 'Destinatar absent / adresa incompleta - se reprogrameaza livrarea',
  },
  { code: '6', awbStatus: 'refused', attention: 'refused', label: 'Refuzat de destinatar' },
  { code: '7', awbStatus: 'returning', attention: 'returning', label: 'Expeditia se returneaza la expeditor' },
  { code: '8', awbStatus: 'returned', attention: 'returning', label: 'Returnat la expeditor' },
  { code: '21', awbStatus: 'delivered', label: 'Confirmat - livrat destinatarului' },
];

/** Cargus's description words for the ids not listed, first match wins. */
export const CARGUS_WORDS: readonly StatusWords[] = [
  { pattern: /refuz/, awbStatus: 'refused', attention: 'refused' },
  { pattern: /returnat la|livrat(a)? (inapoi|la expeditor)/, awbStatus: 'returned', attention: 'returning' },
  { pattern: /return/, awbStatus: 'returning', attention: 'returning' },
  // A delivery attempt that failed on the address or the contact: the courier tries again.
  {
    pattern: /destinatar absent|adresa (gresita|incompleta|inexistenta)|nu raspunde|telefon (gresit|inchis)|nelivrat/,
    awbStatus: 'inDelivery',
    attention: 'failed_attempt',
  },
  { pattern: /confirmat|livrat/, awbStatus: 'delivered' },
  { pattern: /in livrare|la curier pentru livrare/, awbStatus: 'inDelivery' },
  { pattern: /preluat|ridicat/, awbStatus: 'pickedUp' },
];

/** One Cargus event: its row by id, else its description's words, else a movement between depots. */
export const cargusEvent = statusLookup(CARGUS_STATUSES, CARGUS_WORDS);
