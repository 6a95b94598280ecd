import { describe, expect, it } from 'vitest';
import { clampToLastPage, nextListState, type ListState } from './listRules.js';

const at = (page: number, search = 'x'): ListState => ({ page, perPage: 25, search });

describe('list refetch rules', () => {
  it('goes to page 1 on search, company change, page size change and create', () => {
    expect(nextListState(at(4), { kind: 'search', search: 'abc' })).toEqual({ page: 1, perPage: 25, search: 'abc' });
    expect(nextListState(at(4), { kind: 'company-changed' }).page).toBe(1);
    expect(nextListState(at(4), { kind: 'page-size', perPage: 50 })).toEqual({ page: 1, perPage: 50, search: 'x' });
    expect(nextListState(at(4), { kind: 'created' }).page).toBe(1);
  });
  it('keeps page and search after an update', () => {
    expect(nextListState(at(4, 'mere'), { kind: 'updated' })).toEqual(at(4, 'mere'));
  });
  it('steps back a page when the last row of a page above 1 is deleted', () => {
    expect(nextListState(at(3), { kind: 'deleted', rowsOnPageBefore: 1 }).page).toBe(2);
    expect(nextListState(at(3), { kind: 'deleted', rowsOnPageBefore: 2 }).page).toBe(3);
    expect(nextListState(at(1), { kind: 'deleted', rowsOnPageBefore: 1 }).page).toBe(1);
  });
  it('never goes below page 1', () => {
    expect(nextListState(at(2), { kind: 'page', page: 0 }).page).toBe(1);
  });
  it('sends a page past the end to the last page, but not for an empty list', () => {
    expect(clampToLastPage(9, 4, 40)).toBe(4);
    expect(clampToLastPage(3, 4, 40)).toBe(3);
    expect(clampToLastPage(5, 1, 0)).toBe(5);
  });
});
