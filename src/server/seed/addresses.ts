import { postalCodeFor } from '../../core/geo/postalCode.js';
import type { GeoData } from '../modules/geo/index.js';
import { toStreet } from '../modules/geo/index.js';

/** A customer's delivery address as an order stores it, every part from the shipped address data. */
export interface DemoAddress {
  county: string;
  county_id: number;
  city: string;
  city_id: number;
  street: string;
  /** Null where the city has no street list (the street is then typed, as in the order form). */
  street_id: number | null;
  street_number: string;
  /** By the postal-code rule: the street's range holding the number, or the city's own code. */
  zip_code: string;
}

/** Cities coded by street, with how many of their streets the demo customers live on. */
const CITIES: [county: string, city: string, streets: number][] = [
  ['București', 'București', 60],
  ['Cluj', 'Cluj-Napoca', 30],
  ['Iași', 'Iași', 20],
  ['Timiș', 'Timișoara', 20],
  ['Brașov', 'Brașov', 15],
  ['Constanța', 'Constanța', 15],
  ['Sibiu', 'Sibiu', 10],
  ['Bihor', 'Oradea', 10],
  ['Dolj', 'Craiova', 10],
  ['Galați', 'Galați', 10],
  ['Argeș', 'Pitești', 8],
  ['Mureș', 'Târgu Mureș', 8],
  ['Suceava', 'Suceava', 6],
  ['Cluj', 'Turda', 4],
];

/**
 * Towns and villages with one postal code (no street list): about one address in twenty, so the
 * demo shows that case too. Their streets are typed, so they are common village street names.
 */
const ONE_CODE_PLACES: [county: string, name: string, commune: string | null][] = [
  ['Cluj', 'Florești', null],
  ['Ilfov', 'Voluntari', null],
  ['Ilfov', 'Otopeni', null],
  ['Iași', 'Valea Lupului', null],
  ['Timiș', 'Dumbrăvița', null],
  ['Brașov', 'Bran', null],
  ['Prahova', 'Sinaia', null],
  ['Sibiu', 'Cisnădie', null],
  ['Suceava', 'Gura Humorului', null],
  ['Constanța', 'Năvodari', null],
  ['Maramureș', 'Săpânța', null],
  ['Argeș', 'Lăzărești', 'Schitu Golești'],
];
const TYPED_STREETS = ['Strada Principală', 'Strada Școlii', 'Strada Bisericii', 'Strada Morii', 'Strada Florilor'];

/** House numbers tried on a street, from the low ones most addresses have. */
const MAX_NUMBER = 250;
/** Numbers kept per street: customers on one street live at a few different numbers. */
const NUMBERS_PER_STREET = 3;

function countyId(geo: GeoData, name: string): number {
  const county = geo.counties.find((c) => c.name === name);
  if (!county) throw new Error(`Demo addresses: no county ${name} in the address data`);
  return county.id;
}

function localityId(geo: GeoData, county: number, name: string, commune: string | null): number {
  const row = geo.localitiesOf(county).find((l) => l.row.name === name && l.row.commune === commune)?.row;
  if (!row) throw new Error(`Demo addresses: no locality ${name}${commune ? ` (${commune})` : ''} in the address data`);
  return row.id;
}

/**
 * The demo's address book, the same on every run: streets spread over each city's list (not just
 * its first letters), each at a few numbers that the postal-code rule gives a code for, then the
 * one-code places. Reads about 250 streets of the data: a few milliseconds.
 */
export function demoAddresses(geo: GeoData): DemoAddress[][] {
  const book: DemoAddress[][] = [];
  for (const [countyName, cityName, wanted] of CITIES) {
    const county_id = countyId(geo, countyName);
    const city_id = localityId(geo, county_id, cityName, null);
    const streets = geo.streetsOf(city_id);
    const count = Math.min(wanted, streets.length);
    const step = streets.length / count;
    for (let i = 0; i < count; i++) {
      const street = toStreet(streets[Math.floor((i + 0.5) * step)].row);
      const homes: DemoAddress[] = [];
      // Start at a different number on each street, then walk up to numbers the rule codes.
      for (let k = 0; k < MAX_NUMBER && homes.length < NUMBERS_PER_STREET; k++) {
        const number = String(1 + ((street.id * 7 + k * 11) % MAX_NUMBER));
        const zip_code = postalCodeFor(street, number);
        if (zip_code && !homes.some((h) => h.street_number === number))
          homes.push({
            county: countyName,
            county_id,
            city: cityName,
            city_id,
            street: street.name,
            street_id: street.id,
            street_number: number,
            zip_code,
          });
      }
      if (homes.length) book.push(homes);
    }
  }
  ONE_CODE_PLACES.forEach(([countyName, name, commune], i) => {
    const county_id = countyId(geo, countyName);
    const city_id = localityId(geo, county_id, name, commune);
    const zip_code = geo.locality(city_id)?.postal_code;
    if (!zip_code || geo.isCodedByStreet(city_id)) throw new Error(`Demo addresses: ${name} is coded by street`);
    const homes = [0, 1, 2].map((n) => ({
      county: countyName,
      county_id,
      city: name,
      city_id,
      street: TYPED_STREETS[(i + n) % TYPED_STREETS.length],
      street_id: null,
      street_number: String(3 + i * 5 + n * 17),
      zip_code,
    }));
    book.push(homes);
  });
  return book;
}
