import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { SamedayClient } from '../../providers/couriers/sameday.js';
import { memoryTokenStore } from '../../providers/http.js';
import { holderPlace, NO_ADDRESS } from '../../emulators/accounts.js';
import type { AccountHolder } from '../../emulators/kit.js';
import { createDpdEmulator } from '../../emulators/dpd.js';
import { startEmulator } from '../../emulators/kit.js';
import { createSamedayEmulator } from '../../emulators/sameday.js';

const holder = (over: Partial<AccountHolder> = {}): AccountHolder => ({
  ref: 'company-1',
  name: 'Ceramică Alfa SRL',
  contact: 'Ana Pop',
  address: 'Str. Lungă nr. 3',
  city: 'Mediaș',
  county: 'Sibiu',
  ...over,
});

describe("the holder's pickup point", () => {
  it('is at the company’s county and city, ignoring diacritics and case, with its address', () => {
    const p = holderPlace(holder({ city: 'medias', county: 'SIBIU' }));
    expect([p.county.name, p.locality.name, p.street]).toEqual(['Sibiu', 'Mediaș', 'Str. Lungă nr. 3']);
  });

  it("falls back to the county's first town, then Bucharest; an address not written says so", () => {
    const unknownCity = holderPlace(holder({ city: 'Nicăieri' }));
    expect([unknownCity.county.name, unknownCity.locality.name]).toEqual(['Sibiu', 'Sibiu']);
    const nothing = holderPlace(holder({ address: null, city: null, county: null }));
    expect([nothing.county.name, nothing.locality.name, nothing.street]).toEqual([
      'București',
      'București',
      NO_ADDRESS,
    ]);
  });
});

describe('opening an account', () => {
  for (const make of [createSamedayEmulator, createDpdEmulator]) {
    it(`${make.name}: once per holder (the same login each time), another holder gets another`, async () => {
      const e = make({ clock: manualClock() });
      const first = await e.openAccount!(holder());
      expect(await e.openAccount!(holder())).toEqual(first);
      const other = await e.openAccount!(holder({ ref: 'company-2' }));
      expect(other.username).not.toBe(first.username);
      expect(other.password).not.toBe(first.password);
      expect((await e.store.list('accounts')).length).toBe(2);
      // Two opens at the same moment store one account.
      const [a, b] = await Promise.all([
        e.openAccount!(holder({ ref: 'company-3' })),
        e.openAccount!(holder({ ref: 'company-3' })),
      ]);
      expect(a).toEqual(b);
    });
  }
});

it('Sameday lists a pickup point in a town of the bundled address data (not among its written localities)', async () => {
  const clock = manualClock();
  const e = createSamedayEmulator({ clock });
  const { origin, close } = await startEmulator(e);
  try {
    const login = await e.openAccount!(holder({ city: 'Turda', county: 'Cluj' }));
    const client = new SamedayClient(login, {
      baseUrl: `${origin}/emulators/sameday`,
      clock,
      tokens: memoryTokenStore(),
      http: { timeoutMs: 5000 },
    });
    const [point] = await client.pickupPoints();
    expect([point.city, point.county, point.address]).toEqual(['Turda', 'Cluj', 'Str. Lungă nr. 3, Turda, Cluj']);
  } finally {
    await close();
  }
});
