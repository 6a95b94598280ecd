// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom } from '../test/dom';
import { common } from './i18n';
import { NumberField, type NumberFieldValue } from './NumberField';

beforeAll(async () => {
  await prepareDom({ en: { common: common.en }, ro: { common: common.ro } }, 'common');
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

function Field({ start, scale = 2, fixed = false }: { start: number | string; scale?: number; fixed?: boolean }) {
  const [value, setValue] = useState<number | string>(start);
  return (
    <MantineProvider env="test">
      <NumberField
        label="Price"
        scale={scale}
        fixed={fixed}
        value={value}
        onChange={(v: NumberFieldValue) => setValue(v)}
      />
      <output data-testid="value">{String(value)}</output>
      <button type="button" onClick={() => setValue(7.5)}>
        reset
      </button>
    </MantineProvider>
  );
}
const box = () => screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('NumberField', () => {
  it('shows a loaded money value in the language (12,50 / 12.50) and follows a change of language', async () => {
    await act(() => i18n.changeLanguage('ro'));
    render(<Field start="12.5" fixed />);
    expect(box().value).toBe('12,50');
    await act(() => i18n.changeLanguage('en'));
    expect(box().value).toBe('12.50');
  });

  it('answers NaN for a text that is no number, keeps the text, and takes a value set from outside', () => {
    render(<Field start={3} />);
    fireEvent.change(box(), { target: { value: '3,5,1' } });
    expect(value()).toBe('NaN');
    expect(box().value).toBe('3,5,1');
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(box().value).toBe('7.5');
    fireEvent.change(box(), { target: { value: '' } });
    expect(value()).toBe('');
  });

  it('steps with the arrow keys by one unit of the last decimal, never below zero', () => {
    render(<Field start={0.01} />);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(value()).toBe('0.02');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(value()).toBe('0');
  });

  it('a whole-number field refuses decimals with its message once left, in both languages', async () => {
    render(<Field start="" scale={0} />);
    fireEvent.change(box(), { target: { value: '2,5' } });
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    fireEvent.blur(box());
    expect(screen.getByText('Enter a whole number')).toBeTruthy();
    await act(() => i18n.changeLanguage('ro'));
    expect(screen.getByText('Introduceți un număr întreg')).toBeTruthy();
  });
});
