import { describe, expect, it } from 'vitest';
import { createCargusEmulator } from '../../emulators/cargus.js';
import { createDpdEmulator } from '../../emulators/dpd.js';
import { findCounty, findLocality, placesNamed } from '../../emulators/geo.js';
import { createSamedayEmulator } from '../../emulators/sameday.js';
import { geoData } from '../../modules/geo/index.js';
import { CargusClient } from '../../providers/couriers/cargus.js';
import { DpdClient } from '../../providers/couriers/dpd.js';
import { SamedayClient } from '../../providers/couriers/sameday.js';
import type { CreateAwbInput } from '../../providers/couriers/types.js';
import { emulatorHarness } from './setup.js';

/**
 * The addresses the console offers come from its bundled data; the couriers must accept every one
 * of them. The emulators match a recipient's county and locality by name (as the couriers' own
 * nomenclatures do, diacritics and case aside).
 */
const geo = geoData();
const every = geo.counties.flatMap((c) => geo.localitiesOf(c.id).map(({ row }) => ({ county: c, row })));

describe("every locality of the bundled address data is one the couriers' emulators know", () => {
  it('by county and name, each of the 13,750', () => {
    expect(every.length).toBeGreaterThan(13_000);
    const refused: string[] = [];
    for (const { county, row } of every) {
      const c = findCounty({ name: county.name });
      const l = c && findLocality(c, { name: row.name });
      if (!c || !l) refused.push(`${row.name} (${county.name})`);
    }
    expect(refused).toEqual([]);
  });

  it("by name and post code in DPD's sites", () => {
    const refused = every.filter(({ county, row }) => {
      const named = placesNamed(row.name);
      const here = named.filter((p) => p.county.code === county.code);
      return (
        here.length === 0 || (row.postal_code !== null && !named.some((p) => p.locality.postalCode === row.postal_code))
      );
    });
    expect(refused.map((x) => `${x.row.name} (${x.county.name})`)).toEqual([]);
  });
});

// A few that the emulators refused before, through each courier's real client and create call.
const places = [
  { countyName: 'Suceava', localityName: 'Gura Humorului' },
  { countyName: 'Sibiu', localityName: 'Cisnădie' },
  { countyName: 'Vrancea', localityName: 'Mărășești' },
];
const recipient = (p: (typeof places)[number]): CreateAwbInput['recipient'] => {
  const row = geo
    .localitiesOf(geo.counties.find((c) => c.name === p.countyName)!.id)
    .find((l) => l.row.name === p.localityName)!.row;
  return {
    name: 'Ana Pop',
    phone: '0744111222',
    ...p,
    address: 'Str. Principală nr. 1',
    postalCode: row.postal_code ?? undefined,
  };
};
const parcel = { weightKg: 1, lengthCm: 20, widthCm: 20, heightCm: 10 };

const cargus = emulatorHarness(createCargusEmulator, '/api');
const sameday = emulatorHarness(createSamedayEmulator, '');
const dpd = emulatorHarness(createDpdEmulator, '/v1');
const create = (pickupPointId: string, p: (typeof places)[number], over: Partial<CreateAwbInput> = {}) => ({
  pickupPointId,
  recipient: recipient(p),
  parcels: [parcel],
  codBani: 0,
  declaredValueBani: 0,
  content: 'Haine',
  reference: `L-${p.localityName}`,
  ...over,
});

describe("AWB creates to localities beyond the emulators' own list", () => {
  it('Cargus', async () => {
    const c = new CargusClient({ username: 'demo', password: 'demo', api_key: 'demo' }, cargus.deps());
    for (const p of places) expect((await c.createAwb(create('201001', p))).awbNumber).toBeTruthy();
  });
  it('Sameday', async () => {
    const c = new SamedayClient({ username: 'demo', password: 'demo' }, sameday.deps());
    for (const p of places)
      expect((await c.createAwb(create('3101', p, { contactPersonId: '7102' }))).awbNumber).toBeTruthy();
  });
  it('DPD', async () => {
    const c = new DpdClient({ username: 'demo', password: 'demo' }, dpd.deps());
    for (const p of places) expect((await c.createAwb(create('80100100001', p))).awbNumber).toBeTruthy();
  });
});
