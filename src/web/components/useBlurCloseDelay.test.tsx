// @vitest-environment jsdom
import { MantineProvider, Select } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shimBrowserApis } from '../test/dom';
import { SELECT_BLUR_CLOSE_MS, useBlurCloseDelay } from './useBlurCloseDelay';

function Picker() {
  return (
    <>
      <Select label="Courier" data={['Cargus', 'Sameday']} {...useBlurCloseDelay()} />
      <button type="button">elsewhere</button>
    </>
  );
}

beforeAll(() => shimBrowserApis());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useBlurCloseDelay', () => {
  it('keeps the list 150 ms after the field loses the focus, then closes it', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider env="test">
        <Picker />
      </MantineProvider>,
    );
    const field = screen.getByRole('combobox', { name: 'Courier' });
    act(() => field.focus());
    fireEvent.click(field);
    expect(screen.getByRole('option', { name: 'Sameday' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    act(() => vi.advanceTimersByTime(SELECT_BLUR_CLOSE_MS - 10));
    expect(screen.queryByRole('option', { name: 'Sameday' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('option', { name: 'Sameday' })).toBeNull();
  });

  it('a choice closes the list at once', () => {
    render(
      <MantineProvider env="test">
        <Picker />
      </MantineProvider>,
    );
    const field = screen.getByRole('combobox', { name: 'Courier' });
    act(() => field.focus());
    fireEvent.click(field);
    fireEvent.click(screen.getByRole('option', { name: 'Sameday' }));
    expect(screen.queryByRole('option', { name: 'Sameday' })).toBeNull();
    expect((field as HTMLInputElement).value).toBe('Sameday');
  });
});
