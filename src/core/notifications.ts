import { registerMessages, translate, type Lang } from './messages.js';

/**
 * System notifications are stored as a message key plus params and shown in the reader's language.
 * Each kind has a title and a description in both languages.
 */
const kinds = {
  // params: count, limit (links to the products list).
  low_stock: {
    en: { title: 'Low stock', description: '{{count}} products have fewer than {{limit}} pieces in stock.' },
    ro: { title: 'Stoc scăzut', description: '{{count}} produse au mai puțin de {{limit}} bucăți în stoc.' },
  },
  // params: count, from (the first day counted, YYYY-MM-DD: links to the orders list from that day).
  new_orders: {
    en: { title: 'New orders', description: 'You received {{count}} new orders since yesterday.' },
    ro: { title: 'Comenzi noi', description: 'Ați primit {{count}} comenzi noi de ieri.' },
  },
  // params: number, order (links to the order, where its invoice is).
  invoice_issued: {
    en: { title: 'Invoice issued', description: 'Invoice {{number}} was issued.' },
    ro: { title: 'Factură emisă', description: 'Factura {{number}} a fost emisă.' },
  },
  // params: city, order (links to the order).
  awb_failed: {
    en: { title: 'AWB failed', description: 'The courier refused the address of an order from {{city}}.' },
    ro: { title: 'AWB eșuat', description: 'Curierul a refuzat adresa unei comenzi din {{city}}.' },
  },
  // Raised by AWB tracking (params: order, courier, awb).
  awb_refused: {
    en: {
      title: 'Parcel refused',
      description: 'The recipient refused the parcel of order #{{order}} ({{courier}} AWB {{awb}}).',
    },
    ro: {
      title: 'Colet refuzat',
      description: 'Destinatarul a refuzat coletul comenzii #{{order}} (AWB {{courier}} {{awb}}).',
    },
  },
  awb_returning: {
    en: {
      title: 'Parcel returning',
      description: 'The parcel of order #{{order}} ({{courier}} AWB {{awb}}) is on its way back to you.',
    },
    ro: {
      title: 'Colet în retur',
      description: 'Coletul comenzii #{{order}} (AWB {{courier}} {{awb}}) se întoarce la dumneavoastră.',
    },
  },
  // Raised by AWB tracking when a parcel needs the seller's attention (params: order, courier, awb).
  awb_failed_attempt: {
    en: {
      title: 'Delivery attempt failed',
      description:
        'The courier could not deliver the parcel of order #{{order}} ({{courier}} AWB {{awb}}): the address or the contact failed. Check them with the customer.',
    },
    ro: {
      title: 'Livrare nereușită',
      description:
        'Curierul nu a putut livra coletul comenzii #{{order}} (AWB {{courier}} {{awb}}): adresa sau contactul nu au fost bune. Verificați-le cu clientul.',
    },
  },
  awb_stalled: {
    en: {
      title: 'Parcel not moving',
      description:
        'The parcel of order #{{order}} ({{courier}} AWB {{awb}}) has not moved for 3 working days since pickup. Ask the courier.',
    },
    ro: {
      title: 'Colet blocat',
      description:
        'Coletul comenzii #{{order}} (AWB {{courier}} {{awb}}) nu s-a mișcat de 3 zile lucrătoare de la preluare. Întrebați curierul.',
    },
  },
  // Seller alerts (also sent to the company's Telegram): a provider refused the stored login (params: provider).
  credentials_rejected: {
    en: {
      title: 'Credentials rejected',
      description: '{{provider}} refused the saved credentials. Set up {{provider}} again under Integrations.',
    },
    ro: {
      title: 'Date de autentificare respinse',
      description:
        '{{provider}} a respins datele de autentificare salvate. Configurați din nou {{provider}} la Integrări.',
    },
  },
  // The SMS provider has no credit left (params: provider, order).
  sms_credit_exhausted: {
    en: {
      title: 'SMS credit exhausted',
      description: 'The {{provider}} account has no credit left: the SMS of order #{{order}} was not sent. Top it up.',
    },
    ro: {
      title: 'Credit SMS epuizat',
      description: 'Contul {{provider}} nu mai are credit: SMS-ul comenzii #{{order}} nu a fost trimis. Reîncărcați-l.',
    },
  },
  // An event's SMS was not sent: its text kept placeholders it could not fill (params: order, placeholders).
  sms_placeholder_unfilled: {
    en: {
      title: 'SMS not sent',
      description:
        'The SMS of order #{{order}} was not sent: its template holds {{placeholders}}, which could not be filled (an unknown placeholder, or one with no value for this order). Correct the template under Messages, or complete the order.',
    },
    ro: {
      title: 'SMS netrimis',
      description:
        'SMS-ul comenzii #{{order}} nu a fost trimis: șablonul conține {{placeholders}}, care nu au putut fi completate (o variabilă necunoscută sau una fără valoare pentru această comandă). Corectați șablonul la Mesaje sau completați comanda.',
    },
  },
  // A document of a bulk job failed (params: order, document: awb | invoice, reason).
  bulk_document_failed: {
    en: {
      title: 'Bulk job: a document failed',
      description: 'The {{document}} of order #{{order}} failed in a bulk job: {{reason}}',
    },
    ro: {
      title: 'Operațiune în masă: un document a eșuat',
      description: 'Documentul ({{document}}) comenzii #{{order}} a eșuat într-o operațiune în masă: {{reason}}',
    },
  },
  // Raised by the check of an AWB create whose outcome is still unknown after a while (params: order, courier).
  awb_unconfirmed: {
    en: {
      title: 'AWB not confirmed',
      description:
        '{{courier}} has still not confirmed whether it made the AWB of order #{{order}}. It is checked again regularly, and the order can get no other AWB meanwhile; you can also look for it on the courier’s site.',
    },
    ro: {
      title: 'AWB neconfirmat',
      description:
        '{{courier}} încă nu a confirmat dacă a creat AWB-ul comenzii #{{order}}. Se verifică din nou periodic, iar între timp comanda nu poate primi alt AWB; îl puteți căuta și pe site-ul curierului.',
    },
  },
  // Raised with awb_unconfirmed's timing when the courier cannot tell which of its AWBs the create made (params: order, courier).
  awb_ambiguous: {
    en: {
      title: 'Choose the AWB',
      description:
        '{{courier}} cannot tell which of its AWBs is the AWB of order #{{order}}. Open the order to choose it among those that could be, or to say none is.',
    },
    ro: {
      title: 'Alegeți AWB-ul',
      description:
        '{{courier}} nu poate spune care dintre AWB-urile sale este AWB-ul comenzii #{{order}}. Deschideți comanda pentru a-l alege dintre cele posibile sau pentru a indica că niciunul nu este.',
    },
  },
  // Raised when the seller settled such a create: the other candidates no order holds (params: order, courier, awbs, count).
  awb_candidates_left: {
    en: {
      title: 'AWBs to check at the courier',
      description: {
        one: '{{courier}} also holds AWB {{awbs}}, which could have been the AWB of order #{{order}} and is no order’s here. If you did not make it yourself, cancel it on the courier’s site.',
        other:
          '{{courier}} also holds AWBs {{awbs}}, which could have been the AWB of order #{{order}} and are no order’s here. If you did not make them yourself, cancel them on the courier’s site.',
      },
    },
    ro: {
      title: 'AWB-uri de verificat la curier',
      description: {
        one: 'La {{courier}} există și AWB-ul {{awbs}}, care ar fi putut fi AWB-ul comenzii #{{order}} și nu aparține niciunei comenzi de aici. Dacă nu l-ați creat chiar dumneavoastră, anulați-l pe site-ul curierului.',
        few: 'La {{courier}} există și AWB-urile {{awbs}}, care ar fi putut fi AWB-ul comenzii #{{order}} și nu aparțin niciunei comenzi de aici. Dacă nu le-ați creat chiar dumneavoastră, anulați-le pe site-ul curierului.',
        other:
          'La {{courier}} există și AWB-urile {{awbs}}, care ar fi putut fi AWB-ul comenzii #{{order}} și nu aparțin niciunei comenzi de aici. Dacă nu le-ați creat chiar dumneavoastră, anulați-le pe site-ul curierului.',
      },
    },
  },
  // An order pushed by a shop could not be created as sent and waits in Incoming (params: source, external_id).
  intake_held: {
    en: {
      title: 'Order waiting in Incoming',
      description: 'Order {{external_id}} from {{source}} could not be created as sent and waits in Incoming.',
    },
    ro: {
      title: 'Comandă în așteptare la Intrări',
      description:
        'Comanda {{external_id}} din {{source}} nu a putut fi creată așa cum a fost trimisă și așteaptă la Intrări.',
    },
  },
  // Orders of an imported file wait in Incoming (params: source, count).
  intake_import_held: {
    en: {
      title: 'Imported orders waiting in Incoming',
      description: {
        one: '{{count}} order of the file imported for {{source}} could not be created as written and waits in Incoming.',
        other:
          '{{count}} orders of the file imported for {{source}} could not be created as written and wait in Incoming.',
      },
    },
    ro: {
      title: 'Comenzi importate în așteptare la Intrări',
      description: {
        one: '{{count}} comandă din fișierul importat pentru {{source}} nu a putut fi creată așa cum a fost scrisă și așteaptă la Intrări.',
        few: '{{count}} comenzi din fișierul importat pentru {{source}} nu au putut fi create așa cum au fost scrise și așteaptă la Intrări.',
        other:
          '{{count}} de comenzi din fișierul importat pentru {{source}} nu au putut fi create așa cum au fost scrise și așteaptă la Intrări.',
      },
    },
  },
  // The shop cancelled an order that has an AWB or an invoice here: the seller decides (params: source, external_id, order).
  shop_cancelled_with_documents: {
    en: {
      title: 'Order cancelled in the shop',
      description:
        'Order {{external_id}} was cancelled in {{source}}, but it has an AWB or an invoice here: cancel the AWB or the invoice, then the order.',
    },
    ro: {
      title: 'Comandă anulată în magazin',
      description:
        'Comanda {{external_id}} a fost anulată în {{source}}, dar are aici un AWB sau o factură: anulați AWB-ul sau factura, apoi comanda.',
    },
  },
  // A product's stock could not go to the shop: no product or variation there has its SKU (params: source, sku). Told once.
  shop_product_missing: {
    en: {
      title: 'Product missing in the shop',
      description: 'No product of {{source}} has the SKU {{sku}}: its stock is not sent there.',
    },
    ro: {
      title: 'Produs lipsă în magazin',
      description: 'Niciun produs din {{source}} nu are codul SKU {{sku}}: stocul lui nu este trimis acolo.',
    },
  },
} as const;

export type NotificationKind = keyof typeof kinds;
type Params = Record<string, string | number>;

/** A description with plural forms (one / few / other, picked by the `count` param) becomes one key per form. */
type Text = string | { one: string; few?: string; other: string };
const entries = (k: string, v: { title: string; description: Text }): [string, string][] => [
  [`notification.${k}.title`, v.title],
  ...(typeof v.description === 'string'
    ? [[`notification.${k}.description`, v.description] as [string, string]]
    : Object.entries(v.description).map(
        ([form, text]) => [`notification.${k}.description_${form}`, text] as [string, string],
      )),
];

registerMessages({
  en: Object.fromEntries(Object.entries(kinds).flatMap(([k, v]) => entries(k, v.en))),
  ro: Object.fromEntries(Object.entries(kinds).flatMap(([k, v]) => entries(k, v.ro))),
});

export function notificationText(lang: Lang, kind: string, params: Params): { title: string; description: string } {
  return {
    title: translate(lang, `notification.${kind}.title`, params),
    description: translate(lang, `notification.${kind}.description`, params),
  };
}

/** The order a system notification is about (its `order` param), or null. */
export function notificationOrder(params: Params): number | null {
  const id = Number(params.order);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The console's page a system notification is about (a path of the web app), so that each one
 * links to what it names: the order it names; the products list for low stock; the orders list
 * from the first day counted for new orders; the integrations for a refused login; the Incoming
 * screen's waiting items for orders held as they arrived. Null when it names nothing to open.
 * Whether the order still exists is the server's to check.
 */
export function notificationLink(kind: string, params: Params): string | null {
  const order = notificationOrder(params);
  if (order !== null) return `/orders/${order}`;
  if (kind === 'low_stock') return '/products';
  if (kind === 'new_orders') {
    const from = String(params.from ?? '');
    return /^\d{4}-\d{2}-\d{2}$/.test(from) ? `/orders?created_from=${from}` : '/orders';
  }
  if (kind === 'credentials_rejected') return '/integrations';
  // The inbox of orders that arrived by themselves, its waiting items (the web's Incoming screen).
  if (kind === 'intake_held' || kind === 'intake_import_held') return '/incoming?status=held';
  return null;
}

/** The columns of a stored system notification: key and params, plus the English text as a fallback. */
export function notificationColumns(kind: NotificationKind, params: Params) {
  return { message_key: kind, params: JSON.stringify(params), ...notificationText('en', kind, params) };
}
