import { sourceBody, sourceUpdateBody } from '../../../core/api/sources.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

/** The sources of the company's orders (shops, marketplaces, phone). */
export const sourceApiDocs: ApiDoc[] = crudDocs(
  '/api/v1/source',
  { noun: 'source', list: "The company's sources" },
  { create: sourceBody, update: sourceUpdateBody },
  listQuery,
);
