import { describe, expect, it } from 'vitest';
import { chooseTab, currentTab, TO_CHECK_TAB } from './AddressCheckTab';

/** A fake of useUrlParams' writer over one query string. */
function urlWriter(query: string) {
  const p = new URLSearchParams(query);
  const write = (change: (p: URLSearchParams) => void) => change(p);
  return { p, write: write as unknown as Parameters<typeof chooseTab>[0] };
}

describe('the "to check" tab of the orders list', () => {
  it('is the tab shown while the list filters address_check=1, whatever the status', () => {
    expect(currentTab({ address_check: '1' })).toBe(TO_CHECK_TAB);
    expect(currentTab({ status: 'new' })).toBe('new');
    expect(currentTab({})).toBe('all');
  });

  it('chosen, it filters address_check=1 without a status, on page 1; a status tab leaves it', () => {
    const a = urlWriter('status=new&page=3&courier=dpd');
    chooseTab(a.write, TO_CHECK_TAB);
    expect(a.p.toString()).toBe('courier=dpd&address_check=1');
    chooseTab(a.write, 'processing');
    expect(a.p.toString()).toBe('courier=dpd&status=processing');
    chooseTab(a.write, 'all');
    expect(a.p.toString()).toBe('courier=dpd');
  });
});
