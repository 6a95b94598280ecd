import { codRangeQuery, codSettingsBody, codUnpaidQuery } from '../../../core/api/cod.js';
import { z } from 'zod';
import type { ApiDoc } from '../../http/openapi.js';

export const codApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/cod/summary',
    summary:
      'Per courier: the cash on delivery collected, paid out, kept as fees and still owed, of the AWBs made in the range (lei)',
    query: codRangeQuery,
  },
  {
    method: 'GET',
    url: '/api/v1/cod/unpaid',
    summary:
      'Delivered AWBs with cash on delivery not paid after N days (the company setting by default), oldest first (paged)',
    query: codUnpaidQuery,
  },
  {
    method: 'GET',
    url: '/api/v1/cod/differences',
    summary: "Payments whose amount differs from the AWB's cash on delivery",
  },
  {
    method: 'GET',
    url: '/api/v1/cod/settings',
    summary: "The company's cash-on-delivery settings (unpaid after N days)",
  },
  {
    method: 'POST',
    url: '/api/v1/cod/settings',
    summary: 'Change after how many days a delivered AWB counts as unpaid',
    body: codSettingsBody,
  },
  {
    method: 'POST',
    url: '/api/v1/cod/import',
    summary:
      "Import a courier's settlement file (CSV or XLSX: awb, amount, date, reference); `?preview=1` answers how every row matches and saves nothing; a file with a row that cannot be read is only previewed (`needs_confirmation`) until sent with `accept_unreadable=1`",
    query: z.object({ preview: z.enum(['1', 'true']).optional() }),
    multipart: { courier: 'string', file: 'file', accept_differences: 'string', accept_unreadable: 'string' },
  },
  {
    method: 'POST',
    url: '/api/v1/cod/sync',
    summary:
      "Read the couriers' cash-on-delivery repayment reports now (Cargus and DPD; also a recurring job); a courier that fails is reported in the answer",
  },
];
