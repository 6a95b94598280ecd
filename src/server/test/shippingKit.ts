import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { WizardKey } from '../../core/api/integrations.js';
import { jobHandlers } from '../backgroundJobs.js';
import type { EmulatorSet } from '../emulators/index.js';
import type { Shipment } from '../emulators/shipments.js';
import { GEO, localitiesOf, streetsOf } from '../emulators/geo.js';
import { runDueJobs } from '../jobs/runner.js';
import { manualClock } from '../lib/clock.js';
import { geoData } from '../modules/geo/index.js';
import { loadProvidersConfig } from '../providers/config.js';
import { startTestApp, type TestApp, type TestUser } from './harness.js';

/**
 * What the AWB tests of the shipping module share (src/server/modules/shipping/awb*.test.ts): the
 * address data, the AWB payloads of each courier, the couriers' demo logins and pickup points, and
 * `shippingKit()`, which each test file calls once to start its own app. The kit lives here, not in
 * the shipping module, because it starts the app: the module importing the test harness would close
 * an import cycle (shipping → test → app → shipping).
 */

export const NORMAL_LIMIT_MS = 15_000;
/** Long enough for any call of the emulators in process, short enough to wait for a lost answer. */
export const SHORT_LIMIT_MS = 1_500;

// ---- addresses: the address data's ids (DPD) and the couriers' (Cargus, Sameday) -----------------------------------------------

const geo = geoData();
const county = (code: string) => geo.counties.find((c) => c.code === code)!;
const town = (code: string, name: string) =>
  geo
    .localitiesOf(county(code).id)
    .map((l) => l.row)
    .find((l) => l.name === name && l.commune === null)!;
// DPD's address is the address data's; Cargus and Sameday name places by their own nomenclature
// (the pickers' ids), here the emulators'.
export const SB = county('SB');
export const SIBIU = town('SB', 'Sibiu');
export const courierCounty = (code: string) => GEO.find((c) => c.code === code)!;
export const courierTown = (code: string, name: string) =>
  localitiesOf(courierCounty(code)).find((l) => l.name === name && !l.commune)!;
export const courierStreet = (code: string, city: string, name: string) =>
  streetsOf(courierTown(code, city)).find((s) => s.name === name)!;

export const CJ = courierCounty('CJ');
export const CLUJ_NAPOCA = courierTown('CJ', 'Cluj-Napoca'); // coded by street
export const MEMORANDUMULUI = courierStreet('CJ', 'Cluj-Napoca', 'Strada Memorandumului'); // one code: 400114
export const ZORILOR = courierStreet('CJ', 'Cluj-Napoca', 'Strada Zorilor'); // several codes: the number decides
export const DEJ = courierTown('CJ', 'Dej'); // one code: 405200
export const COURIER_SIBIU = courierTown('SB', 'Sibiu');

export const parcel = {
  name: 'Ion Popescu',
  phone_number: '0744 123 456',
  package_width: 25,
  package_height: 10,
  package_length: 25,
  package_weight: 1,
  package_content: 'Haine',
  observations: 'Fragil',
};
export const cargusBody = (over: Record<string, unknown> = {}) => ({
  ...parcel,
  courier: 'cargus',
  county: 'Cluj',
  county_id: CJ.id,
  city: 'Cluj-Napoca',
  city_id: CLUJ_NAPOCA.id,
  street: 'Strada Memorandumului',
  street_id: MEMORANDUMULUI.id,
  street_number: '28',
  postal_code: '400114',
  ...over,
});
export const samedayBody = (over: Record<string, unknown> = {}) => ({
  ...parcel,
  courier: 'sameday',
  county: 'Cluj',
  county_id: CJ.id,
  city: 'Dej',
  city_id: DEJ.id,
  address: 'Strada Republicii 3, ap. 4',
  ...over,
});
export const dpdBody = (over: Record<string, unknown> = {}) => ({
  ...parcel,
  courier: 'dpd',
  county: 'Sibiu',
  county_id: SB.id,
  city: 'Sibiu',
  city_id: SIBIU.id,
  address: 'Strada Fabricii 7',
  ...over,
});

// ---- a seller with orders and couriers ---------------------------------------------------------

export const DEMO: Record<'cargus' | 'sameday' | 'dpd', Record<string, string>> = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
  dpd: { username: 'demo', password: 'demo' },
};
export const PICKUP: Record<'cargus' | 'sameday' | 'dpd', Record<string, string>> = {
  cargus: { pickup_point_id: '201001' },
  sameday: { pickup_point_id: '3101', contact_person_id: '7101' },
  dpd: { pickup_point_id: '80100100001' },
};

/** Sets a courier up as the wizard does (login checked at the emulator, pickup point chosen); answers its set-up id. */
export async function setUpCourier(u: TestUser, key: WizardKey & keyof typeof DEMO): Promise<number> {
  const login = await u.call('POST', `/api/v1/${key}/company/${u.companyId}/login`, { body: DEMO[key] });
  expect(login.statusCode, login.body).toBe(200);
  const pick = await u.call('POST', `/api/v1/${key}/company/${u.companyId}/pickup-points`, { body: PICKUP[key] });
  expect(pick.statusCode, pick.body).toBe(200);
  expect(pick.json().data.configured).toBe(true);
  return pick.json().data.id;
}

export const createAwb = (u: TestUser, orderId: number, body: unknown, headers?: Record<string, string>) =>
  u.call('POST', `/api/v1/order/${orderId}/awb`, { body, headers });
export const orderOf = async (u: TestUser, id: number) => (await u.call('GET', `/api/v1/order/${id}`)).json().data;

/**
 * The app of one test file, with its emulators in process, on a manual clock. The providers' time
 * limit is read each time a client is made, so a test about timeouts shortens it (and beforeEach
 * restores it). Call it once at the top of a test file: it registers the file's hooks, and each
 * call has its own clock and app (test files run one after another in a worker share its modules).
 */
export function shippingKit() {
  const clock = manualClock();
  const providers = loadProvidersConfig({});

  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock, deps: { providers } });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    providers.timeoutMs = NORMAL_LIMIT_MS;
    for (const e of Object.values(emulators())) e.faults.clear();
  });

  const emulators = (): EmulatorSet => t.app.emulators!;
  /** The AWBs an emulator holds for an order (our reference is `<order id>-<attempt>`). */
  const atCourier = async (courier: 'cargus' | 'sameday' | 'dpd', orderId: number): Promise<Shipment[]> =>
    (await emulators()[courier].store.list<Shipment>('shipments')).filter((s) =>
      s.reference?.startsWith(`${orderId}-`),
    );

  /** A seller (a new one, or `existing`) with the given couriers, a source and a product at 19.99 RON. */
  async function seller(
    couriers: ('cargus' | 'sameday' | 'dpd')[] = ['cargus', 'sameday', 'dpd'],
    existing?: TestUser,
  ) {
    const u = existing ?? (await t.signUp());
    for (const c of couriers) await setUpCourier(u, c);
    const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
    expect(src.statusCode, src.body).toBe(201);
    const product = await u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        sku: 'A-1',
        name: 'Product A',
        sale_type: 'Bucata',
        stock: 50,
        selling_price: 19.99,
        buying_price: 1,
        currency: 'RON',
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const order = async (quantity = 2): Promise<{ id: number; total_value: number }> => {
      const res = await u.call('POST', '/api/v1/order', {
        body: {
          name: 'Ion Popescu',
          phone_number: '0744 123 456',
          county: 'Cluj',
          city: 'Cluj-Napoca',
          street: 'Strada Memorandumului',
          number: '28',
          source: src.json().data.id,
          products: { 'A-1': quantity },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    return { u, order };
  }

  const runJobs = () => runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 1000);

  /** The file's app, once beforeAll has started it. */
  const app = (): TestApp => t;
  return { clock, providers, app, emulators, atCourier, seller, runJobs };
}
