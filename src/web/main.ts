import { signInPage } from './features/auth/signIn';
import { returnPath, returnState } from './lib/returnTo';
import { readStorage, STORAGE_KEYS } from './lib/storage';

/**
 * The first download decides what to load. A visitor without a session is shown the sign-in page,
 * written without React (features/auth/signIn.ts), and downloads nothing else; on any other path
 * the address becomes /login, the page asked for kept in the history entry's state so the visitor
 * returns to it. A visitor with a session gets the React app (app/start.tsx); on /login, at the page
 * that sent them there. An invitation link shows its own page to anyone (features/auth/invitation.ts).
 * The app sends a visitor whose session ended back here with a full page load (app/guards.tsx,
 * app/useLogout.ts).
 */
const root = document.getElementById('root')!;
const onSignInPath = location.pathname === '/login';

function startApp(): void {
  if (location.pathname === '/login') history.replaceState(null, '', returnPath(history.state));
  void import('./app/start');
}

// An invitation link (`/invitation/<token>`) is for whoever opens it, signed in or not: its page
// (a chunk of its own, plain DOM like the sign-in) chooses the password and signs in as the invitee,
// then the app starts at the dashboard with that session.
const invitation = /^\/invitation\/([^/]+)\/?$/.exec(location.pathname);

if (invitation)
  void import('./features/auth/invitation').then(({ invitationPage }) =>
    invitationPage(root, decodeURIComponent(invitation[1]), () => {
      root.replaceChildren();
      history.replaceState(null, '', '/');
      startApp();
    }),
  );
else if (readStorage(STORAGE_KEYS.token)) startApp();
else {
  if (!onSignInPath) history.replaceState(returnState(location), '', '/login');
  signInPage(root, () => {
    root.replaceChildren();
    startApp();
  });
}
