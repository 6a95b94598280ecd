// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { invitationPage } from './invitation';

const USER = { id: 9, first_name: 'Ioana', last_name: 'Pop', email: 'ioana@example.ro' };

let root: HTMLElement;
let onSignedIn: ReturnType<typeof vi.fn<() => void>>;

function show(token = 'tok_123'): void {
  onSignedIn = vi.fn<() => void>();
  invitationPage(root, token, onSignedIn);
}
const $ = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
const byLabel = (text: string) => {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.replace(' *', '') === text);
  if (!label) throw new Error(`No label "${text}"`);
  return root.querySelector<HTMLInputElement>(`#${label.htmlFor}`)!;
};
const errorOf = (input: HTMLInputElement) => {
  const id = input
    .getAttribute('aria-describedby')!
    .split(' ')
    .find((x) => x.endsWith('-error'))!;
  const node = root.querySelector<HTMLElement>(`#${id}`)!;
  return node.hidden ? null : node.textContent;
};
const alertText = () => ($('[role=alert]').hidden ? null : $('.si-alert-text').textContent);
function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
function fillAndSubmit(password: string, repeat = password, labels = ['New password', 'New password again']): void {
  type(byLabel(labels[0]), password);
  type(byLabel(labels[1]), repeat);
  $<HTMLFormElement>('form').requestSubmit();
}
function answer(status: number, body: unknown): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  root = document.getElementById('root')!;
});
afterEach(() => vi.unstubAllGlobals());

describe('the invitation page (without React)', () => {
  it('asks for a password twice, focused on the first, in English by default', () => {
    show();
    expect($('h2').textContent).toBe('Choose your password');
    expect(byLabel('New password').type).toBe('password');
    expect(byLabel('New password').autocomplete).toBe('new-password');
    expect(byLabel('New password again').type).toBe('password');
    expect($('button[type=submit]').textContent).toBe('Save the password and sign in');
    expect(document.activeElement).toBe(byLabel('New password'));
    expect(alertText()).toBeNull();
  });

  it('checks the password before sending: required, 8 characters at least, typed the same twice', () => {
    const fetchMock = answer(200, {});
    show();
    fillAndSubmit('');
    expect(errorOf(byLabel('New password'))).toBe('Choose a password.');
    fillAndSubmit('scurta', 'scurta');
    expect(errorOf(byLabel('New password'))).toBe('At least 8 characters.');
    fillAndSubmit('parola-lunga', 'parola-lungă');
    expect(errorOf(byLabel('New password'))).toBeNull();
    expect(errorOf(byLabel('New password again'))).toBe('The two passwords differ.');
    expect(document.activeElement).toBe(byLabel('New password again'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the password for the token, stores the new session in place of any other and starts the app', async () => {
    session.signIn('old-token', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
    session.selectCompany({ id: 5, name: 'Firma altcuiva' });
    const fetchMock = answer(200, { token: 'new-token', user: USER });
    show('a/b c');
    fillAndSubmit('parola-lunga');
    expect($<HTMLButtonElement>('button[type=submit]').disabled).toBe(true);
    expect($('button[type=submit]').textContent).toBe('Saving...');
    await settle();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/invitation/a%2Fb%20c');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'parola-lunga' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(USER);
    expect(localStorage.getItem('selectedCompanyId')).toBeNull();
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s words for a used or expired link, with a way to the sign-in', async () => {
    answer(410, { message: 'This invitation link was already used. Sign in with your e-mail and password.' });
    show();
    fillAndSubmit('parola-lunga');
    await settle();
    expect(alertText()).toBe('This invitation link was already used. Sign in with your e-mail and password.');
    const link = $<HTMLAnchorElement>('.si-to-sign-in');
    expect(link.hidden).toBe(false);
    expect(link.getAttribute('href')).toBe('/login');
    expect(link.textContent).toBe('Go to sign-in');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('puts a 422 of the server on the password field, and sends the stored language', async () => {
    localStorage.setItem('language', 'ro');
    const fetchMock = answer(422, {
      message: 'Unele câmpuri nu sunt valide.',
      errors: { password: ['Cel puțin 8 caractere.'] },
    });
    show();
    expect($('h2').textContent).toBe('Alegeți-vă parola');
    fillAndSubmit('parola-lunga', 'parola-lunga', ['Parola nouă', 'Parola nouă încă o dată']);
    await settle();
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toMatchObject({ 'Accept-Language': 'ro' });
    expect(errorOf(byLabel('Parola nouă'))).toBe('Cel puțin 8 caractere.');
    expect(alertText()).toBeNull();
    expect($<HTMLAnchorElement>('.si-to-sign-in').hidden).toBe(true);
    // Typing again clears it.
    type(byLabel('Parola nouă'), 'alta');
    expect(errorOf(byLabel('Parola nouă'))).toBeNull();
  });

  it('switches the language, keeping what was typed', () => {
    show();
    type(byLabel('New password'), 'parola-lunga');
    const select = $<HTMLSelectElement>('select');
    select.value = 'ro';
    select.dispatchEvent(new Event('change'));
    expect($('h2').textContent).toBe('Alegeți-vă parola');
    expect(byLabel('Parola nouă').value).toBe('parola-lunga');
    expect(localStorage.getItem('language')).toBe('ro');
  });
});
