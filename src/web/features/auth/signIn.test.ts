// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { signInPage } from './signIn';

const USER = { id: 7, first_name: 'Maria', last_name: 'Dumitrescu', email: 'demo@magazin-demo.ro' };

let root: HTMLElement;
let onSignedIn: ReturnType<typeof vi.fn<() => void>>;

function show(): void {
  onSignedIn = vi.fn<() => void>();
  signInPage(root, onSignedIn);
}
const $ = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
const byLabel = (text: string) => {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.replace(' *', '') === text);
  if (!label) throw new Error(`No label "${text}"`);
  return root.querySelector<HTMLInputElement>(`#${label.htmlFor}`)!;
};
const submit = () => $<HTMLButtonElement>('button[type=submit]');
const alertText = () => ($('[role=alert]').hidden ? null : $('[role=alert]').textContent);
function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
function fillAndSubmit(email = USER.email, password = 'demo1234'): void {
  type(byLabel('Email'), email);
  type(byLabel(document.documentElement.lang === 'ro' ? 'Parolă' : 'Password'), password);
  $<HTMLFormElement>('form').requestSubmit();
}
/** fetch answering `status` with `body` (a string is sent as it is, not as JSON). */
function answer(status: number, body: unknown): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
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

describe('the sign-in page (without React)', () => {
  it('shows the texts in English by default, the email field focused', () => {
    show();
    expect($('h1').textContent).toBe('Seller Console');
    expect($('h2').textContent).toBe('Sign in');
    expect(submit().textContent).toBe('Sign in');
    expect(byLabel('Email').type).toBe('email');
    expect(byLabel('Password').type).toBe('password');
    expect(document.activeElement).toBe(byLabel('Email'));
    expect(document.documentElement.lang).toBe('en');
    expect(alertText()).toBeNull();
  });

  it('shows Romanian when it is the stored language, and the select switches and stores it, keeping what was typed', () => {
    localStorage.setItem('language', 'ro');
    show();
    expect($('h2').textContent).toBe('Autentificare');
    byLabel('Parolă');
    const select = $<HTMLSelectElement>('select');
    expect(select.value).toBe('ro');
    expect(select.getAttribute('aria-label')).toBe('Limba');
    type(byLabel('Email'), 'ana@');
    select.value = 'en';
    select.dispatchEvent(new Event('change'));
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(submit().textContent).toBe('Sign in');
    expect(byLabel('Email').value).toBe('ana@');
  });

  it('refuses an empty or malformed form with a message per field, without calling the API; typing clears it', () => {
    const fetchMock = answer(200, {});
    show();
    $<HTMLFormElement>('form').requestSubmit();
    expect($('#si-email-error').textContent).toBe('Enter your email address.');
    expect($('#si-password-error').textContent).toBe('Enter your password.');
    expect(byLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byLabel('Email'));
    type(byLabel('Email'), 'not-an-email');
    expect($('#si-email-error').hidden).toBe(true);
    expect(byLabel('Email').hasAttribute('aria-invalid')).toBe(false);
    $<HTMLFormElement>('form').requestSubmit();
    expect($('#si-email-error').textContent).toBe('Enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('translates the field messages shown when the language changes', () => {
    show();
    $<HTMLFormElement>('form').requestSubmit();
    const select = $<HTMLSelectElement>('select');
    select.value = 'ro';
    select.dispatchEvent(new Event('change'));
    expect($('#si-password-error').textContent).toBe('Introduceți parola.');
  });

  it('signs in: the button disabled while waiting, the session stored as the app reads it, then onSignedIn', async () => {
    let release!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (release = r)));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('language', 'ro');
    show();
    fillAndSubmit(`  ${USER.email} `);
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Se autentifică...');
    $<HTMLFormElement>('form').requestSubmit(); // a second submit while waiting sends nothing
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/login');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('ro');
    expect(JSON.parse(init.body as string)).toEqual({ email: USER.email, password: 'demo1234' });
    release(new Response(JSON.stringify({ token: 'tok-1', user: USER }), { status: 200 }));
    await settle();
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    session.reload();
    expect(session.get().token).toBe('tok-1');
    expect(session.get().user).toEqual(USER);
  });

  it('shows Invalid credentials on a 403, whatever the server says', async () => {
    answer(403, { message: 'Date incorecte' });
    show();
    fillAndSubmit();
    await settle();
    expect(alertText()).toBe('Invalid credentials');
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe('Sign in');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("drops the last failure's banner when the next submit is refused for its fields (both languages)", async () => {
    for (const lang of ['en', 'ro'] as const) {
      localStorage.setItem('language', lang);
      document.body.innerHTML = '<div id="root"></div>';
      root = document.getElementById('root')!;
      const fetchMock = answer(403, { message: 'Date incorecte' });
      show();
      fillAndSubmit();
      await settle();
      expect(alertText()).toBe(lang === 'ro' ? 'Date de autentificare incorecte' : 'Invalid credentials');
      type(byLabel('Email'), '');
      type(byLabel(lang === 'ro' ? 'Parolă' : 'Password'), '');
      $<HTMLFormElement>('form').requestSubmit();
      expect(alertText()).toBeNull();
      expect($('#si-email-error').textContent).toBe(
        lang === 'ro' ? 'Introduceți adresa de email.' : 'Enter your email address.',
      );
      expect($('#si-password-error').textContent).toBe(lang === 'ro' ? 'Introduceți parola.' : 'Enter your password.');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it("shows the server's message of another refusal, else the generic failure", async () => {
    answer(429, { message: 'Too many attempts. Try again in a minute.' });
    show();
    fillAndSubmit();
    await settle();
    expect(alertText()).toBe('Too many attempts. Try again in a minute.');

    answer(500, '<html>Bad gateway</html>');
    $<HTMLFormElement>('form').requestSubmit();
    await settle();
    expect(alertText()).toBe('An error occurred during login');

    answer(200, { token: '' });
    $<HTMLFormElement>('form').requestSubmit();
    await settle();
    expect(alertText()).toBe('An error occurred during login');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    show();
    fillAndSubmit();
    await settle();
    expect(alertText()).toBe('Cannot reach the server. Check your connection and try again.');
  });

  it('shows and hides the password', () => {
    show();
    const toggle = $<HTMLButtonElement>('.si-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Show or hide the characters');
    toggle.click();
    expect(byLabel('Password').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    toggle.click();
    expect(byLabel('Password').type).toBe('password');
  });
});
