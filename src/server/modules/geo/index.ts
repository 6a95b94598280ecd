/** The address data's public face: its routes, the data (loaded once), its street shape and the resolver of text addresses. */
export { geoRoutes } from './routes.js';
export { GEO_DATA_FILE, geoData, readGeoDataFile, toStreet, type GeoData } from './data.js';
export { searchRows } from './service.js';
export {
  resolveAddressText,
  type AddressCandidate,
  type AddressPart,
  type AddressResolution,
  type TextAddress,
} from './resolve.js';
export { geoApiDocs } from './openapi.js';
