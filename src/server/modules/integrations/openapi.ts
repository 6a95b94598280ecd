import {
  COURIER_KEYS,
  credentialsBody,
  pickupPointBody,
  samedayPickupPointBody,
  seriesBody,
  SERVICE_COURIER_KEYS,
  serviceBody,
  vatAmountBody,
  WIZARD_KEYS,
} from '../../../core/api/integrations.js';
import { samedayLocationsQuery } from '../../../core/api/samedayLocations.js';
import { LOCKER_COURIERS, lockersQuery } from '../../../core/api/lockers.js';
import { courierGeoQuery } from '../../../core/api/geo.js';
import type { ApiDoc } from '../../http/openapi.js';

/** The wizards name the company in the path too: it must be the X-Company-ID one (else 403). */
export const integrationApiDocs: ApiDoc[] = [
  {
    method: 'GET',
    url: '/api/v1/integrations',
    summary:
      "The providers the console can work with; with X-Company-ID, the emulators' demo logins are that company's own",
  },
  {
    method: 'GET',
    url: '/api/v1/company-integration',
    summary: "The company's integrations (no secret is ever answered)",
  },
  ...WIZARD_KEYS.map((key): ApiDoc => ({
    method: 'POST',
    url: `/api/v1/${key}/company/:companyId/login`,
    summary: `Save and check ${key} credentials`,
    body: credentialsBody(key),
    errors: { 502: 'The provider refused or did not answer.' },
  })),
  ...COURIER_KEYS.flatMap((key): ApiDoc[] => [
    {
      method: 'GET',
      url: `/api/v1/${key}/company/:companyId/pickup-points`,
      summary: `The company's ${key} pickup points`,
    },
    {
      method: 'POST',
      url: `/api/v1/${key}/company/:companyId/pickup-points`,
      summary: `Choose the ${key} pickup point AWBs leave from`,
      body: key === 'sameday' ? samedayPickupPointBody : pickupPointBody,
    },
  ]),
  ...SERVICE_COURIER_KEYS.flatMap((key): ApiDoc[] => [
    {
      method: 'GET',
      url: `/api/v1/${key}/company/:companyId/services`,
      summary: `The services of the company's ${key} contract (which of them collect cash on delivery)`,
    },
    {
      method: 'POST',
      url: `/api/v1/${key}/company/:companyId/services`,
      summary: `Choose the ${key} service AWBs are made with`,
      body: serviceBody,
    },
  ]),
  {
    method: 'GET',
    url: '/api/v1/sameday/locations',
    summary: 'Sameday pickup points and lockers by county and city',
    query: samedayLocationsQuery,
  },
  ...LOCKER_COURIERS.map((key) => ({
    method: 'GET' as const,
    url: `/api/v1/${key}/lockers`,
    summary: `The ${key} lockers and pick-up points of a county and city`,
    query: lockersQuery,
  })),
  ...(['cargus', 'sameday'] as const).map((key) => ({
    method: 'GET' as const,
    url: `/api/v1/${key}/geo-data`,
    summary: `Counties, localities and streets from the ${key} nomenclature (the courier's ids), read once a day`,
    query: courierGeoQuery,
  })),
  { method: 'GET', url: '/api/v1/smartbill/company/:companyId/series', summary: 'The SmartBill invoice series' },
  {
    method: 'POST',
    url: '/api/v1/smartbill/company/:companyId/series',
    summary: 'Choose the invoice series',
    body: seriesBody,
  },
  { method: 'GET', url: '/api/v1/smartbill/company/:companyId/vat-amount', summary: 'The SmartBill VAT rates' },
  {
    method: 'POST',
    url: '/api/v1/smartbill/company/:companyId/vat-amount',
    summary: 'Choose the default VAT rate',
    body: vatAmountBody,
  },
  {
    method: 'POST',
    url: '/api/v1/company-integration/:id/toggle-status',
    summary: 'Activate or deactivate an integration',
  },
  {
    method: 'POST',
    url: '/api/v1/company-integration/:id/test',
    summary: "Check the integration's credentials with the provider now",
  },
  { method: 'DELETE', url: '/api/v1/company-integration/:id', summary: 'Remove an integration and its credentials' },
];
