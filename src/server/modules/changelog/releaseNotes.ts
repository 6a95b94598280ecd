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
    id: 5,
    date: '2026-11-26',
    type: 'notice',
    title: {
      en: 'Faster sign-in, the seller on every label, refusals counted',
      ro: 'Autentificare mai rapidă, vânzătorul pe fiecare etichetă, refuzurile numărate',
    },
    description: {
      en: 'The sign-in page loads in a blink; emulated Sameday and DPD accounts belong to each company, so their labels name the seller; the dashboard counts a refused parcel as refused even once it is back; the orders filters keep each other in the address and Back returns to the list as it was; cash on delivery reads well on a phone; the customers search is quick on a large shop.',
      ro: 'Pagina de autentificare se încarcă într-o clipă; conturile Sameday și DPD emulate sunt ale fiecărei companii, așa că etichetele lor poartă numele vânzătorului; panoul numără un colet refuzat ca refuzat și după ce s-a întors; filtrele comenzilor se păstrează unele pe altele în adresă, iar Înapoi revine la lista de dinainte; rambursul se citește ușor pe telefon; căutarea clienților e rapidă și într-un magazin mare.',
    },
  },
  {
    id: 4,
    date: '2026-11-26',
    type: 'success',
    title: {
      en: 'Many orders at once, customers, SMS and cash on delivery',
      ro: 'Multe comenzi deodată, clienți, SMS și ramburs',
    },
    description: {
      en: 'Filters and tab counts on the orders list, AWBs, invoices and status changes for a whole selection with a report per order, merged labels, a picking list and exports; a Customers screen; SMS to customers on shipping events; cash on delivery reconciled per courier; a dashboard with charts; prices in euros converted at the BNR rate.',
      ro: 'Filtre și numărători pe file în lista de comenzi, AWB-uri, facturi și schimbări de stare pentru o selecție întreagă, cu raport pe comandă, etichete unite, listă de culegere și exporturi; ecranul Clienți; SMS-uri către clienți la evenimentele de livrare; rambursul reconciliat pe curier; un panou cu grafice; prețurile în euro convertite la cursul BNR.',
    },
  },
  {
    id: 3,
    date: '2026-11-23',
    type: 'success',
    title: { en: 'Orders, AWBs and invoices', ro: 'Comenzi, AWB-uri și facturi' },
    description: {
      en: 'Customer orders with their lines, discounts and history; AWBs from Cargus, Sameday and DPD with tracking; SmartBill invoices, their cancellation and storno.',
      ro: 'Comenzile clienților cu produsele, reducerile și istoricul lor; AWB-uri de la Cargus, Sameday și DPD, cu urmărire; facturi SmartBill, anularea lor și stornarea.',
    },
  },
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
