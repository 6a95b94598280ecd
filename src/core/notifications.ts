import { registerMessages, translate, type Lang } from './messages.js';

/**
 * System notifications are stored as a message key plus params and shown in the reader's language.
 * Each kind has a title and a description in both languages.
 */
const kinds = {
  low_stock: {
    en: { title: 'Low stock', description: '{{count}} products have fewer than {{limit}} pieces in stock.' },
    ro: { title: 'Stoc scăzut', description: '{{count}} produse au mai puțin de {{limit}} bucăți în stoc.' },
  },
  new_orders: {
    en: { title: 'New orders', description: 'You received {{count}} new orders since yesterday.' },
    ro: { title: 'Comenzi noi', description: 'Ați primit {{count}} comenzi noi de ieri.' },
  },
  invoice_issued: {
    en: { title: 'Invoice issued', description: 'Invoice {{number}} was issued.' },
    ro: { title: 'Factură emisă', description: 'Factura {{number}} a fost emisă.' },
  },
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
} as const;

export type NotificationKind = keyof typeof kinds;
type Params = Record<string, string | number>;

registerMessages({
  en: Object.fromEntries(
    Object.entries(kinds).flatMap(([k, v]) => [
      [`notification.${k}.title`, v.en.title],
      [`notification.${k}.description`, v.en.description],
    ]),
  ),
  ro: Object.fromEntries(
    Object.entries(kinds).flatMap(([k, v]) => [
      [`notification.${k}.title`, v.ro.title],
      [`notification.${k}.description`, v.ro.description],
    ]),
  ),
});

export function notificationText(lang: Lang, kind: string, params: Params): { title: string; description: string } {
  return {
    title: translate(lang, `notification.${kind}.title`, params),
    description: translate(lang, `notification.${kind}.description`, params),
  };
}

/** The columns of a stored system notification: key and params, plus the English text as a fallback. */
export function notificationColumns(kind: NotificationKind, params: Params) {
  return { message_key: kind, params: JSON.stringify(params), ...notificationText('en', kind, params) };
}
