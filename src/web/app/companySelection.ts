import type { QueryClient } from '@tanstack/react-query';
import type { SelectedCompany } from '../lib/session';

/**
 * Which company to select once the user's companies are known: the stored one if it still
 * exists (with its current name), else the first, else none.
 */
export function resolveSelection(
  companies: { id: number; name: string }[],
  stored: SelectedCompany | null,
): SelectedCompany | null {
  const kept = stored ? companies.find((c) => c.id === stored.id) : undefined;
  const pick = kept ?? companies[0];
  return pick ? { id: pick.id, name: pick.name } : null;
}

/**
 * After the sidebar's company changed from `previousId`: every answer is stale. The previous company's
 * queries are cancelled and marked stale without a refetch: refetched now they would go out with the
 * new company's X-Company-ID and come back 403 (the screens ask for the new company's keys anyway).
 * Everything else (the new company's keys, data of no company) is refetched.
 */
export function refreshAfterCompanyChange(qc: QueryClient, previousId: number | null): Promise<unknown> {
  const ofPrevious = (key: readonly unknown[]) => previousId !== null && key[1] === previousId;
  return Promise.all([
    qc.cancelQueries({ predicate: (q) => ofPrevious(q.queryKey) }),
    qc.invalidateQueries({ predicate: (q) => ofPrevious(q.queryKey), refetchType: 'none' }),
    qc.invalidateQueries({ predicate: (q) => !ofPrevious(q.queryKey) }),
  ]);
}
