import type { TextTree } from '../../lib/texts';

/** Texts every room of the orders feature uses: payment methods, couriers and the error messages. */
export const orderTexts = {
  payment: {
    label: { en: 'Payment', ro: 'Plată' },
    cash_on_delivery: { en: 'Cash on delivery', ro: 'Ramburs' },
    card: { en: 'Card', ro: 'Card' },
    bank_transfer: { en: 'Bank transfer', ro: 'Transfer bancar' },
    hint: {
      en: 'Cash on delivery: the courier collects the total. Card or bank transfer: the parcel ships without cash on delivery.',
      ro: 'Ramburs: curierul încasează totalul. Card sau transfer bancar: coletul pleacă fără ramburs.',
    },
  },
  couriers: {
    cargus: { en: 'Cargus', ro: 'Cargus' },
    sameday: { en: 'Sameday', ro: 'Sameday' },
    dpd: { en: 'DPD', ro: 'DPD' },
    fan: { en: 'FAN Courier', ro: 'FAN Courier' },
  },
  errors: {
    fetch: { en: 'Failed to fetch orders', ro: 'Comenzile nu au putut fi încărcate' },
    fetchOne: { en: 'Failed to fetch order', ro: 'Comanda nu a putut fi încărcată' },
    create: { en: 'Failed to create order', ro: 'Comanda nu a putut fi creată' },
    update: { en: 'Failed to update order', ro: 'Comanda nu a putut fi actualizată' },
    delete: { en: 'Failed to delete order', ro: 'Comanda nu a putut fi ștearsă' },
    product: { en: 'Failed to manage order product', ro: 'Produsul comenzii nu a putut fi modificat' },
    discountUpdate: { en: 'Failed to update discount', ro: 'Reducerea nu a putut fi actualizată' },
    discountDelete: { en: 'Failed to delete discount', ro: 'Reducerea nu a putut fi ștearsă' },
    couponApply: { en: 'Failed to apply the coupon', ro: 'Cuponul nu a putut fi aplicat' },
    couponRemove: { en: 'Failed to remove the coupon', ro: 'Cuponul nu a putut fi eliminat' },
    discountCreate: { en: 'Failed to create discount', ro: 'Reducerea nu a putut fi creată' },
    customer: { en: 'Failed to update customer details', ro: 'Datele clientului nu au putut fi actualizate' },
    flag: { en: 'Failed to flag customer', ro: 'Clientul nu a putut fi semnalat' },
    cancel: { en: 'Failed to cancel order', ro: 'Comanda nu a putut fi anulată' },
    restore: { en: 'Failed to restore order', ro: 'Comanda nu a putut fi restaurată' },
    orderIdRequired: { en: 'Order ID is required', ro: 'ID-ul comenzii este obligatoriu' },
    customerIdRequired: { en: 'Customer ID is required', ro: 'ID-ul clientului este obligatoriu' },
    invalidInputs: { en: 'Please provide valid inputs', ro: 'Vă rugăm să introduceți date valide' },
    products: { en: 'Failed to fetch products: {{reason}}', ro: 'Produsele nu au putut fi încărcate: {{reason}}' },
    sources: { en: 'Failed to fetch sources', ro: 'Sursele nu au putut fi încărcate' },
    awbCreate: { en: 'Failed to create AWB', ro: 'AWB-ul nu a putut fi generat' },
    awbDownload: { en: 'Failed to download AWB', ro: 'AWB-ul nu a putut fi descărcat' },
    awbDelete: { en: 'Failed to delete AWB', ro: 'AWB-ul nu a putut fi șters' },
    awbResolve: { en: 'Failed to settle the AWB', ro: 'AWB-ul nu a putut fi stabilit' },
    noAwbToDelete: { en: 'No AWB found to delete', ro: 'Nu s-a găsit niciun AWB de șters' },
    awbTimeout: {
      en: 'The courier did not answer. The AWB is being checked with the courier; try again once the check is done.',
      ro: 'Curierul nu a răspuns. AWB-ul este verificat la curier; încercați din nou după verificare.',
    },
    invoiceCreate: { en: 'Failed to create invoice', ro: 'Factura nu a putut fi emisă' },
    invoiceDownload: { en: 'Failed to download invoice', ro: 'Factura nu a putut fi descărcată' },
    invoiceCancel: { en: 'Failed to cancel invoice', ro: 'Factura nu a putut fi anulată' },
    invoiceDelete: { en: 'Failed to delete invoice', ro: 'Factura nu a putut fi ștearsă' },
    invoiceTimeout: {
      en: 'SmartBill did not answer. The invoice is being checked with SmartBill; try again once the check is done.',
      ro: 'SmartBill nu a răspuns. Factura este verificată la SmartBill; încercați din nou după verificare.',
    },
    storno: { en: 'Failed to send storno invoice', ro: 'Factura de stornare nu a putut fi trimisă' },
    awbPrint: {
      fetch: {
        en: 'Failed to fetch the AWB for printing. Please try downloading instead.',
        ro: 'AWB-ul nu a putut fi preluat pentru tipărire. Încercați să îl descărcați.',
      },
      fetchReason: {
        en: 'Failed to fetch the AWB for printing: {{reason}}. Please try downloading instead.',
        ro: 'AWB-ul nu a putut fi preluat pentru tipărire: {{reason}}. Încercați să îl descărcați.',
      },
      setup: {
        en: 'Failed to set up the AWB print. Please try downloading instead.',
        ro: 'Tipărirea AWB-ului nu a putut fi pregătită. Încercați să îl descărcați.',
      },
      load: {
        en: 'Failed to load the AWB for printing. Please try downloading instead.',
        ro: 'AWB-ul nu a putut fi încărcat pentru tipărire. Încercați să îl descărcați.',
      },
      print: {
        en: 'Failed to initiate AWB print. Please try downloading instead.',
        ro: 'Tipărirea AWB-ului nu a putut fi pornită. Încercați să îl descărcați.',
      },
    },
    invoicePrint: {
      fetch: {
        en: 'Failed to fetch the invoice for printing. Please try downloading instead.',
        ro: 'Factura nu a putut fi preluată pentru tipărire. Încercați să o descărcați.',
      },
      fetchReason: {
        en: 'Failed to fetch the invoice for printing: {{reason}}. Please try downloading instead.',
        ro: 'Factura nu a putut fi preluată pentru tipărire: {{reason}}. Încercați să o descărcați.',
      },
      setup: {
        en: 'Failed to set up the invoice print. Please try downloading instead.',
        ro: 'Tipărirea facturii nu a putut fi pregătită. Încercați să o descărcați.',
      },
      load: {
        en: 'Failed to load the invoice for printing. Please try downloading instead.',
        ro: 'Factura nu a putut fi încărcată pentru tipărire. Încercați să o descărcați.',
      },
      print: {
        en: 'Failed to initiate invoice print. Please try downloading instead.',
        ro: 'Tipărirea facturii nu a putut fi pornită. Încercați să o descărcați.',
      },
    },
  },
} satisfies TextTree;
