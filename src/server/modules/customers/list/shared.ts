import type { Customer } from '../../../../core/api/orders.js';
import type { ListMeta } from '../../../../core/api/list.js';
import { foldCase, type Engine, type Executor } from '../../../db/connection.js';
import { containsPattern, likeAny } from '../../../http/list.js';

/** A page of the customers list. */
export type CustomerPage = { data: Customer[]; meta: ListMeta };

/** The bounds a test sets to take every path of a search: the count's window, PostgreSQL's walk and sample. */
export type CustomerSearchTuning = { window?: number; walkRows?: number; sampleRows?: number };

/**
 * What each engine does its own way in the customers list: a name or email search (a term that is
 * no phone). An engine answers it whole (namePage), or gives the matches of its text index
 * (nameMatches), whose page is then read as any other; with neither, or a term its index cannot
 * take, the company's customers are walked with LIKE (nameOrEmailContains).
 */
export interface CustomerListReader {
  /** The page and the bounded count of a name or email search, in the engine's own way. */
  namePage?(
    exec: Executor,
    companyId: number,
    q: { page: number; items: number; search: string },
    at: { offset: number; bound: number },
    tuning: CustomerSearchTuning,
  ): Promise<CustomerPage>;
  /** The ids of the first `limit` matches of the term, newest first; null when the index cannot take the term. */
  nameMatches?(exec: Executor, companyId: number, term: string, limit: number): Promise<number[] | null>;
}

/**
 * Whether the company's view `cc` has the term in its name or email: LIKE with the term's
 * wildcards escaped (containsPattern), both sides folded (likeAny: case and the marks of ă â î ș ț
 * ignored), with the escape named (SQLite's LIKE needs to be told, or a term with `_` or `%` found nothing).
 */
export const nameOrEmailContains = (engine: Engine, term: string) =>
  likeAny(engine, ['cc.name', 'cc.email'], containsPattern(foldCase(term)));
