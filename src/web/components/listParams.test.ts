import { describe, expect, it } from 'vitest';
import { correctedPage, parseListParams, writeListParams } from './listParams';

describe('list state in the URL', () => {
  it('defaults to page 1, 10 per page, no search', () => {
    expect(parseListParams(new URLSearchParams(''))).toEqual({ page: 1, perPage: 10, search: '' });
  });
  it('reads page, items and search', () => {
    expect(parseListParams(new URLSearchParams('page=3&items=25&search=casa'))).toEqual({
      page: 3,
      perPage: 25,
      search: 'casa',
    });
  });
  it('ignores a broken page and a page size outside 10/25/50/100', () => {
    expect(parseListParams(new URLSearchParams('page=-2&items=7'))).toEqual({ page: 1, perPage: 10, search: '' });
    expect(parseListParams(new URLSearchParams('page=abc&items=1000'))).toEqual({ page: 1, perPage: 10, search: '' });
    expect(parseListParams(new URLSearchParams('page=1.5'))).toMatchObject({ page: 1 });
  });
  it('writes only non-default values and keeps other parameters', () => {
    const out = writeListParams(new URLSearchParams('tab=x&page=4&search=old'), { page: 1, perPage: 50, search: '' });
    expect(out.toString()).toBe('tab=x&items=50');
    expect(writeListParams(new URLSearchParams(''), { page: 2, perPage: 10, search: 'a b' }).toString()).toBe(
      'page=2&search=a+b',
    );
  });
  it('round-trips', () => {
    const state = { page: 7, perPage: 100, search: 'Ștefan' };
    expect(parseListParams(writeListParams(new URLSearchParams(), state))).toEqual(state);
  });
});

describe('correctedPage', () => {
  it('keeps a page that exists', () => expect(correctedPage(2, 3, 25)).toBe(2));
  it('moves a page past the end to the last page', () => expect(correctedPage(5, 3, 25)).toBe(3));
  it('goes to page 1 when there is nothing at all', () => expect(correctedPage(4, 1, 0)).toBe(1));
});
