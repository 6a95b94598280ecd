import { returnRequestCreateBody, returnRequestUpdateBody } from '../../../core/api/returnRequests.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

export const returnRequestApiDocs: ApiDoc[] = crudDocs(
  '/api/v1/return-request',
  { noun: 'return request', list: "The company's return requests" },
  { create: returnRequestCreateBody, update: returnRequestUpdateBody },
  listQuery,
);
