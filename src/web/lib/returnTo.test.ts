import { describe, expect, it } from 'vitest';
import { returnPath, returnState } from './returnTo';

describe('return to the page that asked for the sign-in', () => {
  it('keeps the path and its query', () => {
    expect(returnPath(returnState({ pathname: '/products', search: '?page=3&search=cana' }))).toBe(
      '/products?page=3&search=cana',
    );
    expect(returnPath(returnState({ pathname: '/orders/42', search: '', hash: '#items' }))).toBe('/orders/42#items');
  });

  it('the dashboard without a (valid) origin; never another site or the sign-in itself', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
    expect(returnPath({ from: 'https://evil.example/x' })).toBe('/');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: '/\\evil.example' })).toBe('/');
    expect(returnPath({ from: '/login' })).toBe('/');
    expect(returnPath({ from: '/login?x=1' })).toBe('/');
  });
});
