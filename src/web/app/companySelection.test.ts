import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshAfterCompanyChange, resolveSelection } from './companySelection';

describe('resolveSelection', () => {
  it('keeps the stored company (with its current name), else the first, else none', () => {
    const rows = [
      { id: 1, name: 'Unu' },
      { id: 2, name: 'Doi nou' },
    ];
    expect(resolveSelection(rows, { id: 2, name: 'Doi' })).toEqual({ id: 2, name: 'Doi nou' });
    expect(resolveSelection(rows, { id: 9, name: 'Gone' })).toEqual({ id: 1, name: 'Unu' });
    expect(resolveSelection([], null)).toBeNull();
  });
});

describe('refreshAfterCompanyChange', () => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const unsubscribe: (() => void)[] = [];
  afterEach(() => {
    unsubscribe.splice(0).forEach((u) => u());
    qc.clear();
  });

  /** An observed query (as a mounted screen has) counting its fetches. */
  async function watched(queryKey: unknown[]) {
    const counter = { fetches: 0 };
    const observer = new QueryObserver(qc, { queryKey, queryFn: async () => ++counter.fetches });
    unsubscribe.push(observer.subscribe(() => {}));
    await until(() => counter.fetches === 1);
    return counter;
  }
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  };

  it("never refetches the previous company's queries (they would go out with the new X-Company-ID); refetches the rest", async () => {
    const oldList = await watched(['source', 1, 'list', { page: 2, company_id: 1 }]);
    const newList = await watched(['source', 2, 'list', { page: 1, company_id: 2 }]);
    const companies = await watched(['company', null, 'list', { all: true }]);
    await refreshAfterCompanyChange(qc, 1);
    expect(oldList.fetches).toBe(1);
    expect(qc.getQueryState(['source', 1, 'list', { page: 2, company_id: 1 }])?.isInvalidated).toBe(true);
    expect(newList.fetches).toBe(2);
    expect(companies.fetches).toBe(2);
  });
});
