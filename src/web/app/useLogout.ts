import { api } from '../lib/api';
import { leaveForSignIn } from '../lib/returnTo';
import { session } from '../lib/session';

/**
 * Calls GET /logout and clears the local session whatever the answer: a failed call still signs the
 * user out here. Then the sign-in page, with a full page load: it is not part of the React app
 * (main.ts), and the load drops every cached answer of the user.
 */
export function useLogout(): () => Promise<void> {
  return async () => {
    try {
      await api.get('/api/v1/logout');
    } catch {
      /* signed out locally anyway */
    }
    session.clear();
    leaveForSignIn(null);
  };
}
