import { packageBody, packageItemsBody } from '../../../core/api/packages.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

export const packageApiDocs: ApiDoc[] = [
  ...crudDocs(
    '/api/v1/package',
    { noun: 'shipping package', list: "The company's shipping packages" },
    { create: packageBody, update: packageBody },
    listQuery,
  ),
  { method: 'POST', url: '/api/v1/package-item', summary: "Replace a package's products", body: packageItemsBody },
];
