// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../lib/api';
import { prepareDom } from '../test/dom';
import { EditableField, type EditableFieldProps, type EditableValue } from './EditableField';
import { common } from './i18n';

function Harness({
  initial,
  onSave,
  ...rest
}: { initial: EditableValue; onSave?: (d: string) => Promise<unknown> } & Partial<EditableFieldProps>) {
  const [value, setValue] = useState<EditableValue>(initial);
  return (
    <EditableField
      label="Phone"
      value={value}
      onSave={async (draft) => {
        await onSave?.(draft);
        setValue(draft);
      }}
      {...rest}
    />
  );
}

const show = (props: Parameters<typeof Harness>[0]) =>
  render(
    <MantineProvider env="test">
      <Harness {...props} />
    </MantineProvider>,
  );
const pencil = () => screen.getByRole('button', { name: 'Edit Phone' });
const box = () => screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});
afterEach(cleanup);

describe('EditableField', () => {
  for (const empty of [null, undefined, '', '  ']) {
    it(`shows a dash for ${JSON.stringify(empty) ?? 'undefined'}`, () => {
      show({ initial: empty });
      expect(screen.getByLabelText('Empty').textContent?.trim()).toBe('—');
      expect(screen.queryByRole('textbox')).toBeNull();
    });
  }

  it('shows the value, formatted by display; 0 is a value, not empty', () => {
    show({ initial: 0, display: (v) => `${v} RON` });
    expect(screen.getByText('0 RON')).toBeTruthy();
  });

  it('the pencil opens the editor with the value; Save saves and returns to the display', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    show({ initial: '0722', onSave });
    fireEvent.click(pencil());
    expect(box().value).toBe('0722');
    expect(document.activeElement).toBe(box());
    fireEvent.change(box(), { target: { value: '0744 111 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('0744 111 222');
    expect(onSave).toHaveBeenCalledWith('0744 111 222');
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(pencil()));
  });

  it('Enter saves, Esc cancels without saving', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    show({ initial: 'a', onSave });
    fireEvent.click(pencil());
    fireEvent.change(box(), { target: { value: 'b' } });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('a')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.click(pencil());
    expect(box().value).toBe('a');
    fireEvent.change(box(), { target: { value: 'c' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await screen.findByText('c');
    expect(onSave).toHaveBeenCalledWith('c');
  });

  it('Cancel restores the display; an empty value edits from an empty box', () => {
    show({ initial: null });
    fireEvent.click(pencil());
    expect(box().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Empty')).toBeTruthy();
  });

  it('a refused save keeps the editor and the text, with the server field message', async () => {
    const onSave = vi.fn(() =>
      Promise.reject(new ApiError(422, 'The data is not valid', { phone: ['The phone number is not valid'] })),
    );
    show({ initial: '0722', onSave, field: 'phone' });
    fireEvent.click(pencil());
    fireEvent.change(box(), { target: { value: '12' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await screen.findByText('The phone number is not valid');
    expect(box().value).toBe('12');
  });

  it('validate stops a save with its message; disabled shows no pencil', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    show({ initial: 'x', onSave, validate: (d) => (d.trim() ? null : 'Required') });
    fireEvent.click(pencil());
    fireEvent.change(box(), { target: { value: ' ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await screen.findByText('Required');
    expect(onSave).not.toHaveBeenCalled();
    cleanup();
    show({ initial: 'x', disabled: true });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
