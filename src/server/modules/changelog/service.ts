import type { ChangelogEntry } from '../../../core/api/companies.js';
import type { ServiceContext } from '../../context.js';
import { releaseNotes } from './releaseNotes.js';

/**
 * The product's own release notes, in the reader's language, newest first (newest id first on
 * the same day). They live in the repository (releaseNotes.ts), not in the database.
 */
export function changelog(ctx: ServiceContext): ChangelogEntry[] {
  return releaseNotes
    .map((n) => ({
      id: n.id,
      type: n.type,
      created_at: Math.floor(Date.parse(n.date) / 1000),
      title: n.title[ctx.lang],
      description: n.description[ctx.lang],
    }))
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id);
}
