/** The address data's public face: its routes, the data (loaded once) and its street shape. */
export { geoRoutes } from './routes.js';
export { GEO_DATA_FILE, geoData, readGeoDataFile, toStreet, type GeoData } from './data.js';
export { searchRows } from './service.js';
export { geoApiDocs } from './openapi.js';
