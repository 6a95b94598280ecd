import type { Flag } from '../../../../core/api/orders';

/** The flag tooltip of the orders list shows the flags 5 at a time, newest first. */
export const FLAG_PAGE_SIZE = 5;

/** The flags of one tooltip page (page from 1; out-of-range pages are clamped), newest first. */
export function flagPage(
  flags: readonly Flag[],
  page: number,
  size = FLAG_PAGE_SIZE,
): { flags: Flag[]; page: number; pages: number } {
  const sorted = [...flags].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
  const pages = Math.max(1, Math.ceil(sorted.length / size));
  const p = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { flags: sorted.slice((p - 1) * size, p * size), page: p, pages };
}

/** Whether the selected company raised this flag (the server says so, or sends our id). */
export function isOwnFlag(flag: Flag, companyId: number | null): boolean {
  if (typeof flag.by_this_company === 'boolean') return flag.by_this_company;
  return companyId !== null && flag.flagged_by_company_id === companyId;
}

/** Cancel goes straight through when the selected company already flagged the customer: flagging them again would add nothing. */
export function flaggedByUs(flags: readonly Flag[] | null | undefined, companyId: number | null): boolean {
  return (flags ?? []).some((f) => isOwnFlag(f, companyId));
}
