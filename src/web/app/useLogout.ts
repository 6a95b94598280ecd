import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { session } from '../lib/session';

/** Calls GET /logout and clears the local session whatever the answer: a failed call still signs the user out here. */
export function useLogout(): () => Promise<void> {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api.get('/api/v1/logout');
    } catch {
      /* signed out locally anyway */
    }
    session.clear();
    qc.clear();
    await navigate('/login', { replace: true });
  };
}
