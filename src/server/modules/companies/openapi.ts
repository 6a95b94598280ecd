import { companyBody } from '../../../core/api/companies.js';
import { inviteBody } from '../../../core/api/members.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

/** The companies the signed-in user works for. */
export const companyApiDocs: ApiDoc[] = [
  ...crudDocs(
    '/api/v1/company',
    { noun: 'company', list: "The signed-in user's companies" },
    { create: companyBody, update: companyBody },
    listQuery,
  ),
  {
    method: 'GET',
    url: '/api/v1/company/:id/members',
    summary: "The company's members: id, email, first_name, last_name, invitation_pending",
  },
  {
    method: 'POST',
    url: '/api/v1/company/:id/members',
    summary:
      'Invite a colleague by e-mail and name: answers { link, expires_at } (a one-time link valid 72 hours, to pass on), or null ones when the e-mail already has an account (that user is added)',
    body: inviteBody,
    ok: { status: 201 },
  },
  {
    method: 'DELETE',
    url: '/api/v1/company/:id/members/:userId',
    summary: 'Remove a member: their sessions end at once',
    errors: { 409: 'The last member of a company cannot be removed.' },
  },
];
