import { loginBody } from '../../../core/api/auth.js';
import type { ApiDoc } from '../../http/openapi.js';

export const authApiDocs: ApiDoc[] = [
  {
    method: 'POST',
    url: '/api/v1/login',
    summary: 'Sign in: answers the bearer token and the user',
    body: loginBody,
    errors: { 429: 'Too many failed sign-ins: wait (Retry-After).' },
  },
  { method: 'GET', url: '/api/v1/logout', summary: 'Sign out: the token stops working' },
  { method: 'GET', url: '/api/v1/me', summary: 'The signed-in user' },
];
