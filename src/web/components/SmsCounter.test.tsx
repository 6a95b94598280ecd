// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from 'i18next';
import messages from '../features/messages/i18n';
import { prepareDom } from '../test/dom';
import { SmsCounter } from './SmsCounter';

beforeAll(async () => {
  await prepareDom({ en: { messages: messages.en }, ro: { messages: messages.ro } }, 'messages');
});
afterEach(cleanup);

const show = (text: string, onReplace = vi.fn()) => {
  render(
    <MantineProvider>
      <SmsCounter text={text} onReplace={onReplace} />
    </MantineProvider>,
  );
  return onReplace;
};
const counter = () => screen.getByTestId('sms-counter');

describe('SmsCounter', () => {
  it('plain text: grey, GSM-7, characters against 160, no Unicode badge', () => {
    show('Comanda a fost expediata.');
    expect(counter().dataset).toMatchObject({ colour: 'grey', encoding: 'GSM-7', parts: '1', length: '25' });
    expect(screen.getByTestId('sms-counter-summary').textContent).toBe('25 / 160 characters · 1 SMS');
    expect(screen.queryByTestId('sms-unicode-badge')).toBeNull();
  });

  it('120 characters: orange', () => {
    show('a'.repeat(120));
    expect(counter().dataset.colour).toBe('orange');
  });

  it('161 characters: red, 2 SMS of 153', () => {
    show('a'.repeat(161));
    expect(counter().dataset.colour).toBe('red');
    expect(screen.getByTestId('sms-counter-summary').textContent).toBe('161 characters · 2 SMS of 153');
  });

  it('diacritics: Unicode badge, the characters named, one click replaces them', () => {
    const onReplace = show('Vă mulțumim!');
    expect(counter().dataset).toMatchObject({ encoding: 'UCS-2', length: '12' });
    expect(screen.getByTestId('sms-unicode-badge').textContent).toBe('Unicode');
    expect(screen.getByTestId('sms-counter-summary').textContent).toBe('12 / 70 characters · 1 SMS');
    expect(screen.getByTestId('sms-unicode-note').textContent).toContain(': ă ț');
    fireEvent.click(screen.getByRole('button', { name: 'Replace diacritics' }));
    expect(onReplace).toHaveBeenCalledWith('Va multumim!');
  });

  it('an emoji alone: Unicode without the replace button', () => {
    show('Multumim 😀');
    expect(counter().dataset).toMatchObject({ encoding: 'UCS-2', length: '11' });
    expect(screen.queryByRole('button', { name: 'Replace diacritics' })).toBeNull();
  });

  it('Romanian plurals of the parts', async () => {
    await i18n.changeLanguage('ro');
    show('ș'.repeat(71));
    expect(screen.getByTestId('sms-counter-summary').textContent).toBe('Caractere: 71 · SMS-uri: 2 (câte 67)');
    cleanup();
    show('a'.repeat(153 * 20));
    expect(screen.getByTestId('sms-counter-summary').textContent).toBe('Caractere: 3060 · SMS-uri: 20 (câte 153)');
    expect(screen.getByText('Mai sunt 0 caractere în acest SMS')).toBeTruthy();
    cleanup();
    show('a'.repeat(140));
    expect(screen.getByText('Mai sunt 20 de caractere în acest SMS')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
