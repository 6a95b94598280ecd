import { dashboardRangeQuery } from '../../../core/api/dashboard.js';
import type { ApiDoc } from '../../http/openapi.js';

export const dashboardApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/dashboard/stats',
    summary:
      'Orders and revenue per day by source and status, the top products, each courier’s delivered, returned and refused shares and the cash on delivery still owed, over a range (the last 30 days by default)',
    query: dashboardRangeQuery,
  },
];
