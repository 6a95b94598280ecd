import type { FastifyInstance } from 'fastify';
import { localitiesQuery, postalCodeQuery, streetsQuery } from '../../../core/api/geo.js';
import { parse } from '../../http/errors.js';
import type { GeoData } from './data.js';
import { findPostalCode, listLocalities, listStreets } from './service.js';

/**
 * Romanian address data for every signed-in user (no company: the data is the same for all). `geo`
 * answers the data, read on first use: the server listens before it has unpacked it (main.ts reads
 * it right after listening).
 */
export function geoRoutes(app: FastifyInstance, geo: () => GeoData): void {
  app.get('/api/v1/geo/counties', async () => ({ data: geo().counties }));
  app.get('/api/v1/geo/localities', async (req) => ({
    data: listLocalities(geo(), parse(localitiesQuery, req.query)),
  }));
  app.get('/api/v1/geo/streets', async (req) => ({ data: listStreets(geo(), parse(streetsQuery, req.query)) }));
  app.get('/api/v1/geo/postal-code', async (req) => findPostalCode(geo(), parse(postalCodeQuery, req.query)));
  app.get('/api/v1/geo/about', async () => ({ sources: geo().sources }));
}
