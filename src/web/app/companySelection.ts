import type { SelectedCompany } from '../lib/session';

/**
 * Which company to select once the user's companies are known: the stored one if it still
 * exists (with its current name), else the first, else none.
 */
export function resolveSelection(companies: { id: number; name: string }[], stored: SelectedCompany | null): SelectedCompany | null {
  const kept = stored ? companies.find((c) => c.id === stored.id) : undefined;
  const pick = kept ?? companies[0];
  return pick ? { id: pick.id, name: pick.name } : null;
}
