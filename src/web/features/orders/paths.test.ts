import { describe, expect, it } from 'vitest';
import { orderPath, ordersListPath } from './paths';

describe('order paths', () => {
  it('View carries the list page as fromPage (page 1 needs none)', () => {
    expect(orderPath(42, 3)).toBe('/orders/42?fromPage=3');
    expect(orderPath(42, 1)).toBe('/orders/42');
    expect(orderPath(42)).toBe('/orders/42');
  });

  it('Back returns to the saved page; anything else returns to page 1', () => {
    expect(ordersListPath('3')).toBe('/orders?page=3');
    expect(ordersListPath('1')).toBe('/orders');
    expect(ordersListPath(null)).toBe('/orders');
    expect(ordersListPath('abc')).toBe('/orders');
    expect(ordersListPath('-2')).toBe('/orders');
    expect(ordersListPath('2.5')).toBe('/orders');
  });
});
