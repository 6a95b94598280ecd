import { clearNotificationsBody } from '../../../core/api/companies.js';
import { listQuery } from '../../../core/api/list.js';
import type { ApiDoc } from '../../http/openapi.js';

export const notificationApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/notifications',
    summary: "The company's notifications, newest first, with the user's read state",
    query: listQuery,
  },
  {
    method: 'POST',
    url: '/api/v1/notifications/read',
    summary: 'Mark every notification of the company read for the user',
  },
  {
    method: 'POST',
    url: '/api/v1/notifications/:id/read',
    summary: 'Mark one notification of the company read for the user; answers the unread count',
  },
  {
    method: 'POST',
    url: '/api/v1/notifications/clear',
    summary: "Clear the user's notifications of the company off their list: all, or the read ones",
    body: clearNotificationsBody,
  },
];
