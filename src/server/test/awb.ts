import { expect } from 'vitest';
import { geoData } from '../modules/geo/index.js';
import type { TestUser } from './harness.js';

/**
 * An AWB made the way the console makes one, for tests that need one without being about AWBs:
 * DPD set up for the user's company as its wizard does (login checked at the provider, then a
 * pickup point), a source, a product and an order, and the body of the order's AWB form.
 */
export async function orderReadyForDpd(
  u: TestUser,
  credentials: { username: string; password: string } = { username: 'demo', password: 'demo' },
): Promise<{ orderId: number; awbBody: Record<string, unknown> }> {
  const wizard = (step: string) => `/api/v1/dpd/company/${u.companyId}/${step}`;
  const login = await u.call('POST', wizard('login'), { body: credentials });
  expect(login.statusCode, login.body).toBe(200);
  const pick = await u.call('POST', wizard('pickup-points'), { body: { pickup_point_id: '80100100001' } });
  expect(pick.statusCode, pick.body).toBe(200);
  const source = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  expect(source.statusCode, source.body).toBe(201);
  const sku = `AWB-${u.companyId}`;
  const product = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku,
      name: 'Cană de lut',
      sale_type: 'Bucata',
      stock: 50,
      selling_price: 19.99,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  const order = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source: source.json().data.id,
      products: { [sku]: 1 },
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  const geo = geoData();
  const county = geo.counties.find((c) => c.code === 'SB')!;
  const city = geo
    .localitiesOf(county.id)
    .map((l) => l.row)
    .find((l) => l.name === 'Sibiu' && l.commune === null)!;
  return {
    orderId: order.json().data.id,
    awbBody: {
      courier: 'dpd',
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Sibiu',
      county_id: county.id,
      city: 'Sibiu',
      city_id: city.id,
      address: 'Strada Fabricii 7',
      package_width: 25,
      package_height: 10,
      package_length: 25,
      package_weight: 1,
      package_content: 'Cană',
    },
  };
}
