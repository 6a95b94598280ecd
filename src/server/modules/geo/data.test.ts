import { describe, expect, it } from 'vitest';
import { GeoData, readGeoDataFile, toStreet } from './data.js';

// The data is kept in memory as columns, not as the file's rows: every row must read back as the
// file wrote it, through every way the API reads it.
const file = readGeoDataFile();
const geo = new GeoData(file);

describe('the address data in memory', () => {
  it('reads back every locality of the file, by id and in its county, in the file order', () => {
    expect(geo.localityCount).toBe(file.localities.length);
    const byCounty = new Map<number, number[]>();
    for (const [id, name, county_id, commune, postal_code] of file.localities) {
      expect(geo.locality(id)).toEqual({ id, name, county_id, commune, postal_code });
      byCounty.set(county_id, [...(byCounty.get(county_id) ?? []), id]);
    }
    for (const [countyId, ids] of byCounty) expect(geo.localitiesOf(countyId).map((l) => l.row.id)).toEqual(ids);
    expect(geo.locality(1)).toBeUndefined();
    expect(geo.localitiesOf(999)).toEqual([]);
  });

  it('keeps leading zeros of postal codes and "no code" for a city coded by street', () => {
    const bucharest = file.localities.find(([, name]) => name === 'București')!;
    expect(bucharest[4]).toBeNull();
    expect(geo.locality(bucharest[0])!.postal_code).toBeNull();
    expect(geo.isCodedByStreet(bucharest[0])).toBe(true);
    const street = geo.streetsOf(bucharest[0])[0].row;
    expect(toStreet(street).ranges.every((r) => /^0[1-6]\d{4}$/.test(r.postal_code))).toBe(true);
  });

  it('reads back every street of the file, its ranges and blocks, by id and in its city, in the file order', () => {
    expect(geo.streetCount).toBe(file.streets.length);
    const byCity = new Map<number, number[]>();
    for (const tuple of file.streets) {
      expect(geo.street(tuple[0])).toEqual(toStreet(tuple));
      byCity.set(tuple[1], [...(byCity.get(tuple[1]) ?? []), tuple[0]]);
    }
    for (const [cityId, ids] of byCity) {
      const rows = geo.streetsOf(cityId).map((s) => s.row);
      expect(rows.map((s) => s[0])).toEqual(ids);
      expect(geo.isCodedByStreet(cityId)).toBe(true);
    }
    const oneCode = file.localities.find((l) => l[4] !== null)!;
    expect(geo.isCodedByStreet(oneCode[0])).toBe(false);
    expect(geo.streetsOf(oneCode[0])).toEqual([]);
    expect(geo.street(file.streets.length + 1_000_000)).toBeUndefined();
  });

  it('answers the same rows to every call (folded once)', () => {
    const county = file.counties[0][0];
    expect(geo.localitiesOf(county)).toBe(geo.localitiesOf(county));
    const city = file.streets[0][1];
    expect(geo.streetsOf(city)).toBe(geo.streetsOf(city));
    expect(geo.streetsOf(city)[0].ownStart).toBe(geo.streetsOf(city)[0].folded.indexOf(' ') + 1);
  });
});
