// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { common } from './i18n';
import { prepareDom } from '../test/dom';
import { ListPagination } from './ListPagination';

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});
afterEach(cleanup);

const renderPager = (page: number, lastPage: number, onChange = vi.fn()) => {
  render(
    <MantineProvider>
      <ListPagination page={page} lastPage={lastPage} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
};

const labels = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('ListPagination', () => {
  it('is hidden with a single page', () => {
    renderPager(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
  it('shows every page up to 7', () => {
    renderPager(3, 7);
    expect(labels()).toEqual(['Previous', '1', '2', '3', '4', '5', '6', '7', 'Next']);
  });
  it('shows first 3, last 3 and current ±1 with gaps beyond 7', () => {
    renderPager(10, 20);
    expect(labels()).toEqual(['Previous', '1', '2', '3', '9', '10', '11', '18', '19', '20', 'Next']);
    expect(screen.getAllByText('...')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
  });
  it('Previous is disabled on the first page, Next on the last; clicks report the page', () => {
    const onChange = renderPager(1, 3);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange.mock.calls).toEqual([[2], [3]]);
    cleanup();
    renderPager(3, 3);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
