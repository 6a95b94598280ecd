import { Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { AuthUser } from '../../core/api/auth';
import { api } from '../lib/api';
import { session, useSession } from '../lib/session';

/** Checks the stored token with GET /me once; a spinner shows until that answer is in. */
export function AuthCheck({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const qc = useQueryClient();
  const me = useQuery({
    queryKey: ['me', token],
    queryFn: async () => {
      const answer = await api.get<{ user: AuthUser }>('/api/v1/me');
      session.setUser(answer.user);
      return answer.user;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: false,
  });
  // Signed out (logout or a 401 anywhere): drop every cached answer of the previous user.
  useEffect(() => {
    if (!token) qc.clear();
  }, [token, qc]);
  if (token && me.isPending) return <StartupSpinner />;
  return <>{children}</>;
}

export function StartupSpinner() {
  return (
    <Center h="100vh" role="status" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}

/** Protected routes: a visitor without a session goes to /login. */
export function RequireAuth() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /login: a signed-in visitor goes to /. */
export function PublicOnly() {
  const { token } = useSession();
  if (token) return <Navigate to="/" replace />;
  return <Outlet />;
}
