import { z } from 'zod';

export const loginBody = z.object({
  email: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(255, { error: 'too_long' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(500, { error: 'too_long' }),
});

export interface AuthUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export interface LoginResponse {
  token: string;
  user: AuthUser;
}
