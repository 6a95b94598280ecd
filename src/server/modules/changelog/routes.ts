import type { FastifyInstance } from 'fastify';
import type { ChangelogEntry } from '../../../core/api/companies.js';
import { langOf } from '../../http/errors.js';
import { releaseNotes } from './releaseNotes.js';

/** The product's own release notes, kept in the repository, in the user's language. */
export function changelogRoutes(app: FastifyInstance): void {
  app.get('/api/v1/changelog', async (req) => {
    const lang = langOf(req);
    const data: ChangelogEntry[] = releaseNotes
      .map((n) => ({ id: n.id, type: n.type, created_at: Math.floor(Date.parse(n.date) / 1000), title: n.title[lang], description: n.description[lang] }))
      .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
    return { data };
  });
}
