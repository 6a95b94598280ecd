import { localitiesQuery, postalCodeQuery, streetsQuery } from '../../../core/api/geo.js';
import type { ApiDoc } from '../../http/openapi.js';

/** Romanian addresses from the bundled data (counties, localities, streets, postal codes). */
export const geoApiDocs: ApiDoc[] = [
  { method: 'GET', url: '/api/v1/geo/counties', summary: 'Every county' },
  {
    method: 'GET',
    url: '/api/v1/geo/localities',
    summary: 'Localities of a county, searchable',
    query: localitiesQuery,
  },
  { method: 'GET', url: '/api/v1/geo/streets', summary: 'Streets of a locality, searchable', query: streetsQuery },
  { method: 'GET', url: '/api/v1/geo/postal-code', summary: 'The postal code of an address', query: postalCodeQuery },
  { method: 'GET', url: '/api/v1/geo/about', summary: 'Where the address data comes from, and its licence' },
];
