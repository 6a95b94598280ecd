import { loginBody } from '../../../core/api/auth.js';
import { acceptInvitationBody, changePasswordBody } from '../../../core/api/members.js';
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
  {
    method: 'POST',
    url: '/api/v1/invitation/:token',
    summary: 'Open an invitation link: choose a password and sign in (answers the token and the user, as a sign-in)',
    body: acceptInvitationBody,
    errors: { 410: 'The link was already used, or is older than 72 hours.' },
  },
  {
    method: 'POST',
    url: '/api/v1/me/password',
    summary: "Change the signed-in user's password (the current one is asked); the user's other sessions end",
    body: changePasswordBody,
    errors: { 429: 'Too many wrong current passwords: wait (Retry-After).' },
  },
];
