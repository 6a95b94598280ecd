import type { ApiDocs } from './http/openapi.js';
import { HEALTH_PATH } from './http/security.js';
import { authApiDocs } from './modules/auth/index.js';
import { changelogApiDocs } from './modules/changelog/index.js';
import { companyApiDocs } from './modules/companies/index.js';
import { codApiDocs } from './modules/cod/index.js';
import { customerApiDocs } from './modules/customers/index.js';
import { dashboardApiDocs } from './modules/dashboard/index.js';
import { couponApiDocs } from './modules/coupons/index.js';
import { discountApiDocs } from './modules/discounts/index.js';
import { geoApiDocs } from './modules/geo/index.js';
import { intakeApiDocs } from './modules/intake/index.js';
import { connectorApiDocs } from './modules/connectors/index.js';
import { integrationApiDocs } from './modules/integrations/index.js';
import { messageApiDocs } from './modules/messages/index.js';
import { notificationApiDocs } from './modules/notifications/index.js';
import { orderBulkApiDocs } from './modules/order-bulk/index.js';
import { orderApiDocs } from './modules/orders/index.js';
import { packageApiDocs } from './modules/packages/index.js';
import { productApiDocs } from './modules/products/index.js';
import { publicDocumentApiDocs } from './modules/public-documents/index.js';
import { returnRequestApiDocs } from './modules/return-requests/index.js';
import { smsApiDocs } from './modules/sms/index.js';
import { sourceApiDocs } from './modules/sources/index.js';
import { shippingApiDocs } from './modules/shipping/index.js';

/**
 * Every module's route docs, by the tag the reference page groups them under: the OpenAPI
 * document is built from these (http/openapi.ts). A new route's module adds its doc here too,
 * or `http/openapi.test.ts` fails.
 */
export const apiDocs: ApiDocs = {
  system: [
    { method: 'GET', url: HEALTH_PATH, summary: 'The process answers (for a monitor)' },
    {
      method: 'GET',
      url: '/api/ready',
      summary: 'The instance can serve: the database answers and has every migration',
      errors: { 503: 'Not ready: the database does not answer or migrations are pending.' },
    },
    { method: 'GET', url: '/api/openapi.json', summary: 'This document' },
    {
      method: 'GET',
      url: '/api/docs',
      summary: 'This document as a readable page',
      ok: { description: 'An HTML page.' },
    },
  ],
  auth: authApiDocs,
  companies: companyApiDocs,
  products: productApiDocs,
  orders: orderApiDocs,
  'order-bulk': orderBulkApiDocs,
  intake: intakeApiDocs,
  connectors: connectorApiDocs,
  'public-documents': publicDocumentApiDocs,
  customers: customerApiDocs,
  'cash-on-delivery': codApiDocs,
  dashboard: dashboardApiDocs,
  sms: smsApiDocs,
  sources: sourceApiDocs,
  discounts: discountApiDocs,
  coupons: couponApiDocs,
  messages: messageApiDocs,
  packages: packageApiDocs,
  shipping: shippingApiDocs,
  'return-requests': returnRequestApiDocs,
  integrations: integrationApiDocs,
  notifications: notificationApiDocs,
  addresses: geoApiDocs,
  changelog: changelogApiDocs,
};
