import { registerMessages } from '../../../core/messages.js';

/** The AWB calls' own texts (the payload's field checks are in core/api/shipping.ts). */
registerMessages({
  en: {
    postal_code_mismatch: 'The postal code does not match the street and number: it is {{expected}}.',
    postal_code_no_range: 'No postal code of this street covers this number: check the number.',
    awb_order_cancelled: 'The order is cancelled: restore it before creating an AWB.',
    awb_exists: 'This order already has an AWB ({{awb}}).',
    awb_being_created: 'An AWB is being created for this order right now: wait a moment, then reload the order.',
    awb_being_checked:
      '{{provider}} did not answer the previous AWB request, and it is still being checked with the courier. Try again in a few minutes.',
    awb_found_after_timeout:
      'This order already has an AWB: {{provider}} had made {{awb}} although its answer never came. No second AWB was made.',
    awb_outcome_unknown:
      '{{provider}} did not answer in time, so it is not known whether the AWB was made. It is being checked with the courier and the order will show the result; no other AWB can be made for this order meanwhile.',
    awb_not_found: 'This order has no AWB.',
    awb_not_found_to_delete: 'No AWB found to delete',
    awb_delete_timeout:
      '{{provider}} did not answer in time: the AWB was not deleted here. Check it with the courier and try again.',
  },
  ro: {
    postal_code_mismatch: 'Codul poștal nu se potrivește cu strada și numărul: este {{expected}}.',
    postal_code_no_range: 'Niciun cod poștal al acestei străzi nu cuprinde acest număr: verificați numărul.',
    awb_order_cancelled: 'Comanda este anulată: restaurați-o înainte de a crea un AWB.',
    awb_exists: 'Comanda are deja un AWB ({{awb}}).',
    awb_being_created:
      'Chiar acum se creează un AWB pentru această comandă: așteptați puțin, apoi reîncărcați comanda.',
    awb_being_checked:
      '{{provider}} nu a răspuns la cererea anterioară de AWB, iar aceasta este încă verificată la curier. Încercați din nou peste câteva minute.',
    awb_found_after_timeout:
      'Comanda are deja un AWB: {{provider}} crease AWB-ul {{awb}}, deși răspunsul nu a ajuns. Nu s-a creat un al doilea AWB.',
    awb_outcome_unknown:
      '{{provider}} nu a răspuns la timp, deci nu se știe dacă AWB-ul a fost creat. Se verifică la curier, iar comanda va arăta rezultatul; între timp nu se poate crea alt AWB pentru această comandă.',
    awb_not_found: 'Comanda nu are AWB.',
    awb_not_found_to_delete: 'Nu a fost găsit niciun AWB de șters',
    awb_delete_timeout:
      '{{provider}} nu a răspuns la timp: AWB-ul nu a fost șters aici. Verificați-l la curier și încercați din nou.',
  },
});
