import { describe, expect, it } from 'vitest';
import { flagPage, flaggedByUs, isOwnFlag } from './flags';
import type { Flag } from '../../../../core/api/orders';

// Older answers may lack the server's mark (by_this_company): the helper leaves it out unless given.
const flag = (n: number, extra: Partial<Flag> = {}): Flag =>
  ({ reason: `reason ${n}`, created_at: 1_700_000_000 + n, flagged_by_company_id: null, ...extra }) as Flag;

describe('flagPage', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => flag(i + 1));

  it('pages the flags 5 at a time, newest first', () => {
    const first = flagPage(twelve, 1);
    expect(first.pages).toBe(3);
    expect(first.flags.map((f) => f.reason)).toEqual(['reason 12', 'reason 11', 'reason 10', 'reason 9', 'reason 8']);
    expect(flagPage(twelve, 3).flags.map((f) => f.reason)).toEqual(['reason 2', 'reason 1']);
  });

  it('clamps a page out of range and has one page for none', () => {
    expect(flagPage(twelve, 9).page).toBe(3);
    expect(flagPage(twelve, 0).page).toBe(1);
    expect(flagPage([], 1)).toEqual({ flags: [], page: 1, pages: 1 });
    expect(flagPage(twelve.slice(0, 5), 1).pages).toBe(1);
  });
});

describe('own flags', () => {
  it('reads the server mark first, else compares the company id', () => {
    expect(isOwnFlag(flag(1, { by_this_company: true }), 3)).toBe(true);
    expect(isOwnFlag(flag(1, { by_this_company: false, flagged_by_company_id: 3 }), 3)).toBe(false);
    expect(isOwnFlag(flag(1, { flagged_by_company_id: 3 }), 3)).toBe(true);
    expect(isOwnFlag(flag(1, { flagged_by_company_id: 4 }), 3)).toBe(false);
    expect(isOwnFlag(flag(1, { flagged_by_company_id: null }), null)).toBe(false);
  });

  it('cancel skips the flag dialog only when this company flagged the customer', () => {
    expect(flaggedByUs([flag(1, { by_this_company: false }), flag(2, { by_this_company: true })], 3)).toBe(true);
    expect(flaggedByUs([flag(1, { by_this_company: false })], 3)).toBe(false);
    expect(flaggedByUs(undefined, 3)).toBe(false);
  });
});
