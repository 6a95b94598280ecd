import { messageCreateBody, messageUpdateBody } from '../../../core/api/messages.js';
import { listQuery } from '../../../core/api/list.js';
import { crudDocs, type ApiDoc } from '../../http/openapi.js';

/** SMS templates per company and source (an update with only `is_active` toggles the status). */
export const messageApiDocs: ApiDoc[] = crudDocs(
  '/api/v1/message',
  { noun: 'SMS template', list: "The company's SMS templates" },
  { create: messageCreateBody, update: messageUpdateBody },
  listQuery,
);
