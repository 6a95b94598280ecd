import { companyBody } from '../../../core/api/companies.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

/** The companies the signed-in user works for. */
export const companyApiDocs: ApiDoc[] = crudDocs(
  '/api/v1/company',
  { noun: 'company', list: "The signed-in user's companies" },
  { create: companyBody, update: companyBody },
  listQuery,
);
