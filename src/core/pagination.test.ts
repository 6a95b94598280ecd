import { describe, expect, it } from 'vitest';
import { lastPageOf, pageWindow, shownRange } from './pagination.js';

describe('pageWindow', () => {
  it('shows every page up to 7', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows first 3, last 3 and current ±1 with gaps beyond 7 pages', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'gap', 18, 19, 20]);
    expect(pageWindow(10, 20)).toEqual([1, 2, 3, 'gap', 9, 10, 11, 'gap', 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 2, 3, 'gap', 18, 19, 20]);
  });
  it('joins the middle to an edge without a gap when they touch', () => {
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 18, 19, 20]);
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 18, 19, 20]);
    expect(pageWindow(17, 20)).toEqual([1, 2, 3, 'gap', 16, 17, 18, 19, 20]);
    expect(pageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('shows nothing without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('shownRange and lastPageOf', () => {
  it('gives the 1-based range of a page', () => {
    expect(shownRange(1, 10, 95)).toEqual({ from: 1, to: 10 });
    expect(shownRange(10, 10, 95)).toEqual({ from: 91, to: 95 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
  it('counts at least one page', () => {
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
  });
});
