// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom } from '../../test/dom';
import { DiscountValueInput } from './DiscountFields';
import discounts from './i18n';

function Value({ type, seen }: { type: string; seen?: (v: unknown) => void }) {
  const [value, setValue] = useState<number | string>(10);
  return (
    <DiscountValueInput
      type={type}
      inputProps={{
        value,
        onChange: (v) => {
          seen?.(v);
          setValue(v as number);
        },
      }}
    />
  );
}

beforeAll(async () => {
  await prepareDom({ en: { discounts: discounts.en } }, 'discounts');
});
afterEach(cleanup);

describe('DiscountValueInput', () => {
  it('steps a percentage by 0.01, as an amount (spec)', () => {
    for (const type of ['percentage', 'amount']) {
      render(
        <MantineProvider env="test">
          <Value type={type} />
        </MantineProvider>,
      );
      const box = screen.getByRole('textbox') as HTMLInputElement;
      fireEvent.keyDown(box, { key: 'ArrowUp' });
      expect(box.value, type).toMatch(/^10\.01/);
      cleanup();
    }
  });

  it('reads 25,50 pasted into an amount as twenty-five and a half, not 2550', () => {
    const seen: unknown[] = [];
    render(
      <MantineProvider env="test">
        <Value type="amount" seen={(v) => seen.push(v)} />
      </MantineProvider>,
    );
    const box = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.paste(box, { clipboardData: { getData: () => '25,50' } });
    fireEvent.change(box, { target: { value: '25,50' } });
    expect(seen.at(-1)).toBe(25.5);
    expect(box.value).toBe('25,50');
  });
});
