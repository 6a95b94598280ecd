import { listQuery } from '../../../core/api/list.js';
import { customerPhoneBody, flagBody } from '../../../core/api/orders.js';
import type { ApiDoc } from '../../http/openapi.js';
import { unflagQuery } from './service.js';

export const customerApiDocs: ApiDoc[] = [
  { method: 'GET', url: '/api/v1/customer', summary: "The company's customers (paged, searchable)", query: listQuery },
  { method: 'GET', url: '/api/v1/customer/:id', summary: 'One customer with the flags companies gave them' },
  {
    method: 'POST',
    url: '/api/v1/customer/:id',
    summary: "Change the customer's phone number for this company",
    body: customerPhoneBody,
  },
  {
    method: 'POST',
    url: '/api/v1/customer/:id/flag',
    summary: 'Flag the customer (with a reason)',
    body: flagBody,
    ok: { status: 201 },
  },
  {
    method: 'DELETE',
    url: '/api/v1/customer/:id/flag',
    summary: "Remove this company's flag (noted on the order named by order_id)",
    query: unflagQuery,
    errors: { 409: 'This company has not flagged the customer.' },
  },
];
