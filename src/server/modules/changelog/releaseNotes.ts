import type { ChangelogEntry } from '../../../core/api/companies.js';

/** Release notes shown on the dashboard. Add an entry with every release, newest anywhere: the route sorts. */
export const releaseNotes: {
  id: number;
  date: string;
  type: ChangelogEntry['type'];
  title: { en: string; ro: string };
  description: { en: string; ro: string };
}[] = [
  {
    id: 2,
    date: '2026-11-21',
    type: 'notice',
    title: {
      en: 'Catalogue, sources, discounts, SMS templates, packages and returns',
      ro: 'Catalog, surse, reduceri, șabloane SMS, pachete și retururi',
    },
    description: {
      en: 'Products with variations and images, sales sources, order and product discounts, SMS templates with a live character counter, shipping packages with their contents, and return requests with IBAN checks.',
      ro: 'Produse cu variații și imagini, surse de vânzare, reduceri la comandă și la produs, șabloane SMS cu numărător de caractere, pachete de expediere cu conținut și cereri de retur cu verificarea IBAN-ului.',
    },
  },
  {
    id: 1,
    date: '2026-11-21',
    type: 'success',
    title: { en: 'Console 1.0.0', ro: 'Consola 1.0.0' },
    description: {
      en: 'Sign-in, companies, the dashboard and notifications, in English and Romanian.',
      ro: 'Autentificare, companii, panoul principal și notificări, în engleză și română.',
    },
  },
];
