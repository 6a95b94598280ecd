import { describe, expect, it } from 'vitest';
import { notificationPath } from './types';

describe('notificationPath', () => {
  it('follows the link the server gives, else the order it names', () => {
    expect(notificationPath({ link: '/products', order_id: null })).toBe('/products');
    expect(notificationPath({ link: '/orders?created_from=2026-11-20', order_id: null })).toBe(
      '/orders?created_from=2026-11-20',
    );
    expect(notificationPath({ link: '/orders/12', order_id: 12 })).toBe('/orders/12');
    expect(notificationPath({ link: null, order_id: 7 })).toBe('/orders/7');
    expect(notificationPath({ link: null, order_id: null })).toBeNull();
  });

  it('never leaves the console', () => {
    expect(notificationPath({ link: 'https://elsewhere.example/x', order_id: null })).toBeNull();
    expect(notificationPath({ link: '//elsewhere.example/x', order_id: 3 })).toBe('/orders/3');
  });
});
