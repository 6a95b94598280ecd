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
    awb_choose_first:
      "{{provider}} cannot tell which of its AWBs the previous request made: choose it on the order, or say none is this order's, before creating another.",
    awb_not_ambiguous:
      'There is no AWB to choose for this order: its AWB create is settled, or was never in doubt. Reload the order.',
    awb_not_a_candidate: 'Choose one of the AWBs listed for this order.',
    awb_candidate_taken: "AWB {{awb}} is already another order's: choose another, or say none is this order's.",
    awb_service_no_cod:
      'Your {{provider}} contract has no service that collects cash on delivery ("Cont Colector"), so this AWB cannot carry it: ship it without cash on delivery, or ask {{provider}} to add the collector account to your contract and choose the service again in its set-up.',
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
    awb_choose_first:
      '{{provider}} nu poate spune care dintre AWB-urile sale a fost creat de cererea anterioară: alegeți-l pe comandă sau indicați că niciunul nu este al acestei comenzi, înainte de a genera altul.',
    awb_not_ambiguous:
      'Nu există niciun AWB de ales pentru această comandă: crearea AWB-ului este lămurită sau nu a fost niciodată incertă. Reîncărcați comanda.',
    awb_not_a_candidate: 'Alegeți unul dintre AWB-urile afișate pentru această comandă.',
    awb_candidate_taken:
      'AWB-ul {{awb}} aparține deja altei comenzi: alegeți altul sau indicați că niciunul nu este al acestei comenzi.',
    awb_service_no_cod:
      'Contractul dumneavoastră {{provider}} nu are un serviciu care încasează ramburs („Cont Colector”), așa că acest AWB nu poate avea ramburs: trimiteți-l fără ramburs sau cereți {{provider}} să adauge contul colector în contract și alegeți din nou serviciul în configurarea sa.',
  },
});
