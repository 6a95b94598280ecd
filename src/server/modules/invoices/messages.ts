import { registerMessages } from '../../../core/messages.js';

/** What the invoice calls answer when they refuse, in both languages (the storno texts of the spec live in core/api/invoices.ts). */
registerMessages({
  en: {
    smartbill_not_set_up:
      'Invoices are issued through SmartBill: set up the SmartBill integration (login, series and VAT rate) first.',
    smartbill_inactive: 'The SmartBill integration is turned off: turn it on in Integrations to issue invoices.',
    smartbill_no_series: 'SmartBill is not fully set up: choose the invoice series in the SmartBill integration.',
    smartbill_no_vat: 'SmartBill is not fully set up: choose the VAT rate in the SmartBill integration.',
    invoice_exists: 'The order already has invoice {{bill_number}}.',
    invoice_order_cancelled: 'A cancelled order cannot be invoiced: restore it first.',
    invoice_in_progress: 'An invoice for this order is being issued right now. Wait a moment and refresh the order.',
    storno_in_progress: 'A storno of this invoice is being issued right now. Wait a moment and refresh the order.',
    invoice_outcome_unknown:
      'SmartBill did not answer, so the invoice may have been issued. It is being checked with SmartBill; no other invoice can be issued for this order until the check is done (in about a minute).',
    storno_outcome_unknown:
      'SmartBill did not answer, so the storno may have been issued. It is being checked with SmartBill; no other storno can be issued for this invoice until the check is done (in about a minute).',
    invoice_being_checked:
      'SmartBill never answered the last request for this order: it is checked with SmartBill in {{seconds}} seconds, before anything else. Try again then.',
    invoice_no_products: 'The order has no products to invoice.',
    invoice_product_no_vat:
      'Product {{product}} has no VAT rate and the SmartBill integration has no default rate: set the VAT rate in the product form, or choose a default rate in the SmartBill integration.',
    invoice_vat_unknown:
      "The VAT rate {{rate}}% of product {{product}} is not one of the company's SmartBill VAT rates: change the product's VAT rate.",
    invoice_discounts_exceed_value:
      "The order's discounts ({{discount_en}} RON) are more than its products are worth ({{value_en}} RON), so it cannot be invoiced. Lower the discounts first.",
    invoice_total_mismatch:
      "The invoice lines add up to {{lines_en}} RON but the order's total is {{total_en}} RON, so the invoice was not issued. Open the order again and check its lines and discounts.",
    invoice_not_found: 'This order has no invoice.',
    invoice_not_last:
      'Only the last invoice of series {{series}} can be deleted and {{bill_number}} is not the last one: cancel it or reverse it (storno) instead.',
    invoice_reversed_no_cancel: 'Invoice {{bill_number}} has storno documents, so it can no longer be cancelled.',
    invoice_reversed_no_delete: 'Invoice {{bill_number}} has storno documents, so it can no longer be deleted.',
    invoice_fully_reversed: 'Invoice {{bill_number}} is already fully reversed.',
    storno_adopted:
      'SmartBill had issued storno {{storno}} after all (its answer was lost); it is now on the order. Check what is left to reverse before reversing again.',
    storno_quantity_left: 'At most {{left}} can be reversed on this line.',
    storno_line_not_invoiced: "This product is not on the order's invoice.",
  },
  ro: {
    smartbill_not_set_up:
      'Facturile se emit prin SmartBill: configurați mai întâi integrarea SmartBill (autentificare, serie și cotă TVA).',
    smartbill_inactive: 'Integrarea SmartBill este dezactivată: activați-o din Integrări pentru a emite facturi.',
    smartbill_no_series: 'SmartBill nu este configurat complet: alegeți seria facturilor în integrarea SmartBill.',
    smartbill_no_vat: 'SmartBill nu este configurat complet: alegeți cota TVA în integrarea SmartBill.',
    invoice_exists: 'Comanda are deja factura {{bill_number}}.',
    invoice_order_cancelled: 'O comandă anulată nu poate fi facturată: restaurați-o mai întâi.',
    invoice_in_progress:
      'O factură pentru această comandă se emite chiar acum. Așteptați puțin și reîncărcați comanda.',
    storno_in_progress: 'O stornare a acestei facturi se emite chiar acum. Așteptați puțin și reîncărcați comanda.',
    invoice_outcome_unknown:
      'SmartBill nu a răspuns, așa că factura poate să fi fost emisă. Se verifică la SmartBill; nu se poate emite o altă factură pentru această comandă până la încheierea verificării (în aproximativ un minut).',
    storno_outcome_unknown:
      'SmartBill nu a răspuns, așa că stornarea poate să fi fost emisă. Se verifică la SmartBill; nu se poate emite o altă stornare a acestei facturi până la încheierea verificării (în aproximativ un minut).',
    invoice_being_checked:
      'SmartBill nu a răspuns niciodată la ultima cerere pentru această comandă: se verifică la SmartBill peste {{seconds}} secunde, înainte de orice altceva. Încercați din nou atunci.',
    invoice_no_products: 'Comanda nu are produse de facturat.',
    invoice_product_no_vat:
      'Produsul {{product}} nu are cotă TVA, iar integrarea SmartBill nu are o cotă implicită: setați cota TVA în formularul produsului sau alegeți o cotă implicită în integrarea SmartBill.',
    invoice_vat_unknown:
      'Cota TVA {{rate}}% a produsului {{product}} nu se află printre cotele TVA SmartBill ale companiei: schimbați cota TVA a produsului.',
    invoice_discounts_exceed_value:
      'Reducerile comenzii ({{discount_ro}} RON) depășesc valoarea produselor ({{value_ro}} RON), așa că nu poate fi facturată. Micșorați mai întâi reducerile.',
    invoice_total_mismatch:
      'Liniile facturii însumează {{lines_ro}} RON, dar totalul comenzii este {{total_ro}} RON, așa că factura nu a fost emisă. Deschideți din nou comanda și verificați produsele și reducerile.',
    invoice_not_found: 'Această comandă nu are factură.',
    invoice_not_last:
      'Doar ultima factură din seria {{series}} poate fi ștearsă, iar {{bill_number}} nu este ultima: anulați-o sau stornați-o.',
    invoice_reversed_no_cancel: 'Factura {{bill_number}} are documente de stornare, așa că nu mai poate fi anulată.',
    invoice_reversed_no_delete: 'Factura {{bill_number}} are documente de stornare, așa că nu mai poate fi ștearsă.',
    invoice_fully_reversed: 'Factura {{bill_number}} este deja stornată integral.',
    storno_adopted:
      'SmartBill emisese totuși stornarea {{storno}} (răspunsul s-a pierdut); acum apare pe comandă. Verificați ce a rămas de stornat înainte de a storna din nou.',
    storno_quantity_left: 'Pe această linie se pot storna cel mult {{left}}.',
    storno_line_not_invoiced: 'Acest produs nu se află pe factura comenzii.',
  },
});
