import { sourceBody, sourceUpdateBody } from '../../../core/api/sources.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

/** The sources of the company's orders (shops, marketplaces, phone). */
export const sourceApiDocs: ApiDoc[] = [
  ...crudDocs(
    '/api/v1/source',
    { noun: 'source', list: "The company's sources" },
    { create: sourceBody, update: sourceUpdateBody },
    listQuery,
  ),
  {
    method: 'POST',
    url: '/api/v1/source/:id/intake-key',
    summary:
      "Create the source's intake key, or a new one in its place (the old one stops working at once): `{ key_id, secret, endpoint }`, the secret shown this once",
    ok: { status: 201 },
  },
  {
    method: 'DELETE',
    url: '/api/v1/source/:id/intake-key',
    summary: "Revoke the source's intake key: pushes signed with it are refused from now on",
  },
];
