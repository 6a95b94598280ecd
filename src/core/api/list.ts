import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../pagination.js';
import { MAX_ID, MAX_PAGE } from '../validation.js';

/** Query of every list call: page, items (1..1000, default 10), search, optional company_id. */
export const listQuery = z.object({
  page: z.coerce
    .number({ error: 'invalid_number' })
    .int({ error: 'whole_number' })
    .min(1, { error: 'min' })
    .max(MAX_PAGE, { error: 'max' })
    .default(1),
  items: z.coerce
    .number({ error: 'invalid_number' })
    .int({ error: 'whole_number' })
    .min(1, { error: 'min' })
    .max(MAX_PAGE_SIZE, { error: 'max' })
    .default(DEFAULT_PAGE_SIZE),
  search: z
    .string()
    .max(200, { error: 'too_long' })
    .optional()
    .transform((s) => s?.trim() ?? ''),
  company_id: z.coerce
    .number({ error: 'invalid_number' })
    .int()
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface ListMeta {
  /**
   * The number of rows of the list. A search counts its matches only up to a bound (the page's
   * offset plus SEARCH_COUNT_WINDOW, or plus the page size if larger: searchCountBound): beyond it `total` is that bound and `total_exact` is false,
   * which the lists show as "of more than N results", with one more page than the bound fills.
   */
  total: number;
  total_exact?: false;
  last_page: number;
  current_page: number;
  per_page: number;
}

/**
 * How far beyond the requested page's start a search counts its matches before it stops. "Of more
 * than 200 results" tells the user as much as "of more than 1,000" and costs a fifth of the
 * counting (the case that matters: a broad name search over a million orders, where every match
 * would otherwise be counted on each page).
 */
export const SEARCH_COUNT_WINDOW = 200;

/** The bound of a search's count for a page: the window beyond its start, and at least the page itself. */
export const searchCountBound = (offset: number, items: number, window = SEARCH_COUNT_WINDOW): number =>
  offset + Math.max(window, items);

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export interface ApiError {
  message: string;
  errors?: Record<string, string[]>;
}
