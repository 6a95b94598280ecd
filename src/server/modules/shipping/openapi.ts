import { shippingSettingsBody } from '../../../core/api/shippingSettings.js';
import type { ApiDoc } from '../../http/openapi.js';

/** A company's label format and shipping defaults, and the seller's "handled" of a parcel needing attention. */
export const shippingApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/company/:id/shipping',
    summary:
      "The company's shipping settings: label_format (A4 or A6), default_courier (or null), default_package_id (a package id, a preset small / medium / large, or null)",
  },
  {
    method: 'POST',
    url: '/api/v1/company/:id/shipping',
    summary:
      'Change the shipping settings: each field optional (what is sent changes, the rest stays); the courier must be set up for the company, the package one of its active packages',
    body: shippingSettingsBody,
  },
  {
    method: 'POST',
    url: '/api/v1/order/:id/attention/handled',
    summary:
      "Mark the order's parcel needing attention (refused, returning, a failed delivery attempt, no movement for 3 working days) as handled: it leaves the attention list; the history says who",
    errors: { 409: 'The parcel of the order does not need attention.' },
  },
];
