/** The page buttons to show: every page up to 7, otherwise the first 3, the last 3 and current ±1, with gaps. */
export type PageItem = number | 'gap';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
const EDGE = 3;
const AROUND = 1;
const SHOW_ALL_UP_TO = 7;

export function pageWindow(current: number, lastPage: number): PageItem[] {
  if (lastPage <= SHOW_ALL_UP_TO) return Array.from({ length: Math.max(lastPage, 0) }, (_, i) => i + 1);
  const shown = new Set<number>();
  for (let p = 1; p <= EDGE; p++) shown.add(p);
  for (let p = lastPage - EDGE + 1; p <= lastPage; p++) shown.add(p);
  for (let p = current - AROUND; p <= current + AROUND; p++) if (p >= 1 && p <= lastPage) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const out: PageItem[] = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** "Showing X to Y of Z": the 1-based range of rows on a page. */
export function shownRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * perPage + 1;
  return { from, to: Math.min(page * perPage, total) };
}

export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
