import type { TextTree } from '../../../lib/texts';

/** The badges a row of the list and the order's header show: the invoice status and the customer's flags. */
export const badgeTexts = {
  invoiceStatus: {
    none: { en: 'Not invoiced', ro: 'Nefacturată' },
    issued: { en: 'Invoiced', ro: 'Facturată' },
    partially_storno: { en: 'Partially reversed', ro: 'Stornată parțial' },
    storno: { en: 'Reversed', ro: 'Stornată' },
  },
  flags: {
    icon_one: { en: 'Flagged customer: {{count}} flag', ro: 'Client semnalat: {{count}} semnalare' },
    icon_few: { ro: 'Client semnalat: {{count}} semnalări' },
    icon_other: { en: 'Flagged customer: {{count}} flags', ro: 'Client semnalat: {{count}} de semnalări' },
    title_one: { en: 'Flagged {{count}} time', ro: 'Semnalat o dată' },
    title_few: { ro: 'Semnalat de {{count}} ori' },
    title_other: { en: 'Flagged {{count}} times', ro: 'Semnalat de {{count}} de ori' },
    none: { en: 'This customer has not been flagged.', ro: 'Acest client nu a fost semnalat.' },
    noReason: { en: 'No reason given', ro: 'Fără motiv' },
    ours: { en: 'by your company', ro: 'de compania dumneavoastră' },
    others: { en: 'by another company', ro: 'de altă companie' },
    page: { en: '{{page}} / {{pages}}', ro: '{{page}} / {{pages}}' },
    previous: { en: 'Previous flags', ro: 'Semnalările anterioare' },
    next: { en: 'Next flags', ro: 'Semnalările următoare' },
  },
} satisfies TextTree;
