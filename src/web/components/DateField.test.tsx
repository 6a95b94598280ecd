// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom } from '../test/dom';
import { DateField } from './DateField';
import { common } from './i18n';

beforeAll(async () => {
  await prepareDom({ en: { common: common.en }, ro: { common: common.ro } }, 'common');
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

function Field({ start, seen }: { start: string; seen: (v: string) => void }) {
  const [value, setValue] = useState(start);
  return (
    <MantineProvider env="test">
      <DateField
        label="From"
        value={value}
        onChange={(v) => {
          seen(v);
          setValue(v);
        }}
      />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}
const box = () => screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;

describe('DateField', () => {
  it("shows the day in the page's language, not the browser's (01.12.2026 / 1 Dec 2026)", async () => {
    await act(() => i18n.changeLanguage('ro'));
    render(<Field start="2026-12-01" seen={() => {}} />);
    expect(box().value).toBe('01.12.2026');
    await act(() => i18n.changeLanguage('en'));
    expect(box().value).toBe('1 Dec 2026');
  });

  it('reads a typed day first and writes it back in the language once left', async () => {
    await act(() => i18n.changeLanguage('ro'));
    const seen = vi.fn();
    render(<Field start="" seen={seen} />);
    fireEvent.change(box(), { target: { value: '5/1/2027' } });
    expect(seen).toHaveBeenLastCalledWith('2027-01-05');
    fireEvent.blur(box());
    expect(box().value).toBe('05.01.2027');
    fireEvent.change(box(), { target: { value: '' } });
    expect(seen).toHaveBeenLastCalledWith('');
  });

  it('keeps a text that is no day, leaves the value alone and says why once left (both languages)', async () => {
    const seen = vi.fn();
    render(<Field start="2026-12-01" seen={seen} />);
    fireEvent.change(box(), { target: { value: '12/31/2026' } });
    expect(screen.queryByText(/day first/)).toBeNull();
    fireEvent.blur(box());
    expect(screen.getByText('Enter a date with the day first, e.g. 1 Dec 2026 or 1/12/2026')).toBeTruthy();
    expect(box().value).toBe('12/31/2026');
    expect(screen.getByTestId('value').textContent).toBe('2026-12-01');
    expect(seen).not.toHaveBeenCalled();
    await act(() => i18n.changeLanguage('ro'));
    expect(screen.getByText('Introduceți o dată cu ziua întâi, de ex. 01.12.2026')).toBeTruthy();
  });
});
