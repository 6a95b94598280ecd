import { smsSendBody } from '../../../core/api/sms.js';
import type { ApiDoc } from '../../http/openapi.js';

/** SMS to an order's customer, and Vonage's delivery receipts. */
export const smsApiDocs: ApiDoc[] = [
  {
    method: 'POST',
    url: '/api/v1/order/:id/sms',
    summary: "Send an SMS to the order's customer: a template ({ message_id }) or a text ({ text })",
    body: smsSendBody,
    ok: { status: 201 },
    errors: {
      502: 'Vonage refused the message (its reason, in the user’s language).',
      503: 'Vonage is throttling: try again shortly.',
      504: 'Vonage did not answer: the send is unknown and never sent again by itself.',
    },
  },
  { method: 'GET', url: '/api/v1/order/:id/sms', summary: "The order's SMS sends, newest first, with their status" },
  ...(['GET', 'POST'] as const).map((method): ApiDoc => ({
    method,
    url: '/api/v1/sms/receipts/:company/:token',
    summary: "Vonage's delivery receipt (the company's unguessable token in the path); always answers 2xx",
    ok: { status: 204, description: 'Taken (an unknown or forged receipt changes nothing).' },
  })),
];
