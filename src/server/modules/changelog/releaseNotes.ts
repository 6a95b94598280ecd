import type { ChangelogEntry } from '../../../core/api/companies.js';

/** Release notes shown on the dashboard. Add an entry with every release, newest anywhere: the route sorts. */
export const releaseNotes: { id: number; date: string; type: ChangelogEntry['type']; title: { en: string; ro: string }; description: { en: string; ro: string } }[] = [
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
