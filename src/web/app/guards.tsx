import { Center, Loader } from '@mantine/core';
import i18n from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { AuthUser } from '../../core/api/auth';
import { api } from '../lib/api';
import { leaveForSignIn, returnState } from '../lib/returnTo';
import { session, useSession } from '../lib/session';

/**
 * At start-up, checks the stored token with GET /me; a spinner shows until that answer is in
 * (a 401 signs out through the api client). A sign-in later on brings its own user.
 */
export function AuthCheck({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const qc = useQueryClient();
  // Only the token found at start-up is checked; once answered, the spinner never comes back.
  const [checking, setChecking] = useState(() => session.get().token !== null);
  useEffect(() => {
    if (!checking) return;
    let live = true;
    api
      .get<{ user: AuthUser }>('/api/v1/me')
      .then((answer) => live && answer?.user && session.setUser(answer.user))
      .catch(() => {
        /* a 401 has cleared the session; other failures keep the stored user */
      })
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [checking]);
  // Signed out (logout or a 401 anywhere): drop every cached answer of the previous user.
  useEffect(() => {
    if (!token) qc.clear();
  }, [token, qc]);
  if (checking) return <StartupSpinner />;
  return <>{children}</>;
}

export function StartupSpinner() {
  return (
    <Center h="100vh" role="status" aria-label={i18n.t('common:loading')}>
      <Loader size="lg" />
    </Center>
  );
}

/**
 * Protected routes: a visitor whose session ended (expired or revoked: a 401 clears it) goes to the
 * sign-in page with a page load (main.ts shows it), and comes back here afterwards.
 */
export function RequireAuth() {
  const { token } = useSession();
  useEffect(() => {
    if (!token) leaveForSignIn(returnState(location));
  }, [token]);
  if (!token) return <StartupSpinner />;
  return <Outlet />;
}
