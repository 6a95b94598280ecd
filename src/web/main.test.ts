// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** What the first download does, with the app and the sign-in page replaced by spies. */
const { started, signInPage } = vi.hoisted(() => ({ started: vi.fn(), signInPage: vi.fn() }));
vi.mock('./features/auth/signIn', () => ({ signInPage }));

async function load(url: string, state: unknown = null): Promise<void> {
  history.replaceState(state, '', url);
  vi.resetModules();
  // Registered again for each load: importing the app counts once per page load.
  vi.doMock('./app/start', () => {
    started();
    return {};
  });
  await import('./main');
  await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  started.mockClear();
  signInPage.mockClear();
});

describe('the first download', () => {
  it('shows the sign-in page without a session, at /login, and returns to the page asked for after it', async () => {
    await load('/products?search=bumbac#top');
    expect(location.pathname).toBe('/login');
    expect(signInPage).toHaveBeenCalledTimes(1);
    expect(started).not.toHaveBeenCalled();
    localStorage.setItem('token', 'tok-1');
    const [root, onSignedIn] = signInPage.mock.calls[0] as [HTMLElement, () => void];
    root.innerHTML = '<main>sign-in</main>';
    onSignedIn();
    await new Promise((r) => setTimeout(r, 0));
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/products?search=bumbac#top');
    expect(root.innerHTML).toBe('');
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('after a sign-in at /login itself, opens the dashboard', async () => {
    await load('/login');
    const [, onSignedIn] = signInPage.mock.calls[0] as [HTMLElement, () => void];
    onSignedIn();
    await new Promise((r) => setTimeout(r, 0));
    expect(location.pathname).toBe('/');
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('starts the app with a session, where it was asked; /login goes back to where it came from', async () => {
    localStorage.setItem('token', 'tok-1');
    await load('/companies?page=2');
    expect(`${location.pathname}${location.search}`).toBe('/companies?page=2');
    expect(started).toHaveBeenCalledTimes(1);
    expect(signInPage).not.toHaveBeenCalled();

    await load('/login', { from: '/orders/42' });
    expect(location.pathname).toBe('/orders/42');
    await load('/login', { from: '//evil.example/x' });
    expect(location.pathname).toBe('/');
    expect(signInPage).not.toHaveBeenCalled();
  });
});

describe('an invitation link', () => {
  it('shows its own page with the token, signed in or not, and starts the app at the dashboard after it', async () => {
    const invitationPage = vi.fn();
    vi.doMock('./features/auth/invitation', () => ({ invitationPage }));
    localStorage.setItem('token', 'someone-else');
    await load('/invitation/abc_DEF-123');
    expect(location.pathname).toBe('/invitation/abc_DEF-123');
    expect(invitationPage).toHaveBeenCalledTimes(1);
    expect(started).not.toHaveBeenCalled();
    expect(signInPage).not.toHaveBeenCalled();
    const [root, token, onSignedIn] = invitationPage.mock.calls[0] as [HTMLElement, string, () => void];
    expect(token).toBe('abc_DEF-123');
    root.innerHTML = '<main>invitation</main>';
    onSignedIn();
    await new Promise((r) => setTimeout(r, 0));
    expect(location.pathname).toBe('/');
    expect(root.innerHTML).toBe('');
    expect(started).toHaveBeenCalledTimes(1);
  });
});
