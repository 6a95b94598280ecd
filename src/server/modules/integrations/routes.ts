import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COURIER_KEYS, SERVICE_COURIER_KEYS, WIZARD_KEYS } from '../../../core/api/integrations.js';
import { HttpError, parse } from '../../http/errors.js';
import { canonicalId, idParam } from '../../http/params.js';
import {
  choosePickupPoint,
  chooseSeries,
  chooseService,
  courierServices,
  chooseVatRate,
  companyIntegrations,
  integrationCatalogue,
  invoiceSeries,
  pickupPoints,
  removeIntegration,
  saveCredentials,
  testIntegration,
  toggleStatus,
  vatRates,
} from './service.js';
import { placesCache, samedayLocations } from './samedayLocations.js';
import { lockersByPlace } from './lockers.js';
import { courierGeoData } from './nomenclature.js';
import { LOCKER_COURIERS } from '../../../core/api/lockers.js';

const companyParam = z.object({ companyId: z.string() });

/**
 * The wizard calls name the company twice: in the path and in X-Company-ID (already checked to be
 * one of the user's). Both must agree, else 403: a path can never reach another company. The path
 * must write the id canonically (`07` or `0x7` is not company 7), as every path id.
 */
function assertPathCompany(req: FastifyRequest): void {
  const { companyId } = parse(companyParam, req.params);
  if (canonicalId(companyId) !== req.companyId) throw new HttpError(403, 'company_forbidden');
}

/** Integrations: the catalogue, the company's set-ups and the wizards' calls (login, pickup point, series, VAT, test). */
export function integrationRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  const places = placesCache();

  // The same for everyone but the demo logins: with X-Company-ID (checked), that company's own.
  app.get('/api/v1/integrations', { config: { companyOptional: true } }, async (req) => ({
    data: await integrationCatalogue(req.ctx),
  }));

  app.get('/api/v1/company-integration', scoped, async (req) => ({ data: await companyIntegrations(req.ctx) }));

  for (const key of WIZARD_KEYS) {
    app.post(`/api/v1/${key}/company/:companyId/login`, scoped, async (req) => {
      assertPathCompany(req);
      return { data: await saveCredentials(req.ctx, key, req.body) };
    });
  }

  for (const key of COURIER_KEYS) {
    app.get(`/api/v1/${key}/company/:companyId/pickup-points`, scoped, async (req) => {
      assertPathCompany(req);
      return pickupPoints(req.ctx, key);
    });
    app.post(`/api/v1/${key}/company/:companyId/pickup-points`, scoped, async (req) => {
      assertPathCompany(req);
      return { data: await choosePickupPoint(req.ctx, key, req.body) };
    });
  }

  // FAN's second step: the service of the contract.
  for (const key of SERVICE_COURIER_KEYS) {
    app.get(`/api/v1/${key}/company/:companyId/services`, scoped, async (req) => {
      assertPathCompany(req);
      return courierServices(req.ctx, key);
    });
    app.post(`/api/v1/${key}/company/:companyId/services`, scoped, async (req) => {
      assertPathCompany(req);
      return { data: await chooseService(req.ctx, key, req.body) };
    });
  }

  // The /sameday-location page: pickup points and lockers by county and city.
  app.get('/api/v1/sameday/locations', scoped, async (req) => samedayLocations(req.ctx, places, req.query));

  // Sameday's easybox and Cargus's Ship & Go points of a county and city, for an AWB to a point.
  for (const key of LOCKER_COURIERS) {
    app.get(`/api/v1/${key}/lockers`, scoped, async (req) => lockersByPlace(req.ctx, key, req.query));
  }

  // The Cargus and Sameday location pickers: the courier's own counties, localities and streets.
  for (const key of ['cargus', 'sameday'] as const) {
    app.get(`/api/v1/${key}/geo-data`, scoped, async (req) => courierGeoData(req.ctx, key, req.query));
  }

  app.get('/api/v1/smartbill/company/:companyId/series', scoped, async (req) => {
    assertPathCompany(req);
    return invoiceSeries(req.ctx);
  });
  app.post('/api/v1/smartbill/company/:companyId/series', scoped, async (req) => {
    assertPathCompany(req);
    return { data: await chooseSeries(req.ctx, req.body) };
  });
  app.get('/api/v1/smartbill/company/:companyId/vat-amount', scoped, async (req) => {
    assertPathCompany(req);
    return vatRates(req.ctx);
  });
  app.post('/api/v1/smartbill/company/:companyId/vat-amount', scoped, async (req) => {
    assertPathCompany(req);
    return { data: await chooseVatRate(req.ctx, req.body) };
  });

  app.post('/api/v1/company-integration/:id/toggle-status', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await toggleStatus(req.ctx, id) };
  });
  app.post('/api/v1/company-integration/:id/test', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await testIntegration(req.ctx, id) };
  });
  app.delete('/api/v1/company-integration/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await removeIntegration(req.ctx, id);
    return { message: 'deleted' };
  });
}
