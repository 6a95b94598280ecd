import type { LightMyRequestResponse } from 'fastify';
import type { TestUser } from './harness.js';

/** The call answered `status`, or this throws with its body (usable outside a test runner: the bench). */
function must(res: LightMyRequestResponse, status: number): LightMyRequestResponse {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res;
}

/**
 * A seller ready for bulk work, made through the API as the console makes it (tests and the
 * bench): DPD set up as its wizard does, optionally SmartBill, a source, products, and orders.
 */

export interface Seller {
  u: TestUser;
  source: number;
}

export async function setUpDpd(u: TestUser): Promise<void> {
  const wizard = (step: string) => `/api/v1/dpd/company/${u.companyId}/${step}`;
  const login = await u.call('POST', wizard('login'), { body: { username: 'demo', password: 'demo' } });
  must(login, 200);
  const pick = await u.call('POST', wizard('pickup-points'), { body: { pickup_point_id: '80100100001' } });
  must(pick, 200);
}

/** SmartBill's wizard: login, series, VAT rate. */
export async function setUpSmartBill(u: TestUser): Promise<void> {
  const step = (s: string, body: unknown) => u.call('POST', `/api/v1/smartbill/company/${u.companyId}/${s}`, { body });
  const login = await step('login', { username: 'demo', token: 'demo' });
  must(login, 200);
  must(await step('series', { series_name: 'FCT' }), 200);
  must(await step('vat-amount', { vat_amount: '21' }), 200);
}

export async function product(u: TestUser, sku: string, name: string, price = 19.99): Promise<void> {
  const res = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku,
      name,
      sale_type: 'Bucata',
      stock: 100_000,
      selling_price: price,
      buying_price: 1,
      currency: 'RON',
    },
  });
  must(res, 201);
}

export async function seller(u: TestUser, opts: { smartBill?: boolean } = {}): Promise<Seller> {
  await setUpDpd(u);
  if (opts.smartBill) await setUpSmartBill(u);
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  must(src, 201);
  await product(u, 'CANA-1', 'Cană de lut');
  await product(u, 'BOL-2', 'Bol de ceramică', 12.5);
  return { u, source: src.json().data.id };
}

/** An order to Sibiu (DPD knows it); `city` another city makes DPD refuse the AWB in its own words. */
export async function order(
  s: Seller,
  opts: { city?: string; products?: Record<string, number> } = {},
): Promise<number> {
  const res = await s.u.call('POST', '/api/v1/order', {
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Sibiu',
      city: opts.city ?? 'Sibiu',
      street: 'Strada Fabricii',
      number: '7',
      source: s.source,
      products: opts.products ?? { 'CANA-1': 1 },
    },
  });
  must(res, 201);
  return res.json().data.id;
}

/** The package of a bulk AWB job: the small preset's numbers. */
export const SMALL = { package_length: 25, package_width: 25, package_height: 10, package_weight: 1 };

/** The AWB form of an order() at DPD as the console sends it: its recipient, a small package. */
export const DPD_AWB_BODY = {
  courier: 'dpd',
  name: 'Ion Popescu',
  phone_number: '0744 123 456',
  county: 'Sibiu',
  city: 'Sibiu',
  address: 'Strada Fabricii 7',
  ...SMALL,
  package_content: 'Haine',
};
