import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo.js';
import { PARITY_FROM_FILE, type GeoDataFile } from '../../../core/geo/dataFile.js';
import { foldForSearch } from '../../../core/geo/text.js';

/** The shipped address data (written by `npm run geodata:build`). */
export const GEO_DATA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'geo-data.json.gz');

/** A row with the folded form of its name that searches compare. */
export interface Searchable<T> {
  row: T;
  folded: string;
  /** Where the row's own name starts in `folded` (after a street's type: `strada |zorilor`). */
  ownStart: number;
}

export type StreetTuple = GeoDataFile['streets'][number];

/** The API's form of a street (the file's tuple). */
export const toStreet = ([id, locality_id, name, ranges, blocks]: StreetTuple): GeoStreet => ({
  id,
  name,
  locality_id,
  ranges: ranges.map(([from, to, parity, postal_code]) => ({
    from,
    to,
    parity: PARITY_FROM_FILE[parity],
    postal_code,
  })),
  blocks: blocks.map(([ids, postal_code]) => ({ blocks: ids, postal_code })),
});

/**
 * The address data in memory, indexed the ways the API reads it. It is read-only and the same for
 * every company, so one copy serves the whole process. To keep the start quick, streets stay as the
 * file's tuples until a request reads them, and a list's folded names are computed on its first
 * search (Bucharest's 5,300 streets: a few milliseconds, once).
 */
export class GeoData {
  readonly counties: GeoCounty[];
  readonly sources: GeoDataFile['sources'];
  private readonly countyById = new Map<number, GeoCounty>();
  private readonly localityById = new Map<number, GeoLocality>();
  private readonly localitiesByCounty = new Map<number, GeoLocality[]>();
  private readonly streetById = new Map<number, StreetTuple>();
  private readonly streetsByLocality = new Map<number, StreetTuple[]>();
  private readonly searchable = new Map<unknown[], Searchable<unknown>[]>();

  constructor(file: GeoDataFile) {
    this.sources = file.sources;
    this.counties = file.counties.map(([id, name, code]) => ({ id, name, code }));
    for (const c of this.counties) this.countyById.set(c.id, c);
    for (const [id, name, county_id, commune, postal_code] of file.localities) {
      const row: GeoLocality = { id, name, county_id, commune, postal_code };
      this.localityById.set(id, row);
      let list = this.localitiesByCounty.get(county_id);
      if (!list) this.localitiesByCounty.set(county_id, (list = []));
      list.push(row);
    }
    for (const street of file.streets) {
      this.streetById.set(street[0], street);
      let list = this.streetsByLocality.get(street[1]);
      if (!list) this.streetsByLocality.set(street[1], (list = []));
      list.push(street);
    }
  }

  county(id: number): GeoCounty | undefined {
    return this.countyById.get(id);
  }
  locality(id: number): GeoLocality | undefined {
    return this.localityById.get(id);
  }
  street(id: number): GeoStreet | undefined {
    const tuple = this.streetById.get(id);
    return tuple && toStreet(tuple);
  }
  /** A county's localities in alphabetical order, each with its name and commune folded for search. */
  localitiesOf(countyId: number): Searchable<GeoLocality>[] {
    const list = this.localitiesByCounty.get(countyId) ?? [];
    return this.folded(list, (l) => (l.commune ? `${l.name} ${l.commune}` : l.name), false);
  }
  /** A city's streets in alphabetical order (empty for a locality with one postal code). */
  streetsOf(localityId: number): Searchable<StreetTuple>[] {
    return this.folded(this.streetsByLocality.get(localityId) ?? [], (s) => s[2], true);
  }
  /** A city whose postal codes go by street (and number): it has streets. */
  isCodedByStreet(localityId: number): boolean {
    return this.streetsByLocality.has(localityId);
  }
  get localityCount(): number {
    return this.localityById.size;
  }
  get streetCount(): number {
    return this.streetById.size;
  }

  private folded<T>(list: T[], name: (row: T) => string, typed: boolean): Searchable<T>[] {
    let out = this.searchable.get(list as unknown[]) as Searchable<T>[] | undefined;
    if (!out) {
      out = list.map((row) => {
        const folded = foldForSearch(name(row));
        return { row, folded, ownStart: typed ? folded.indexOf(' ') + 1 : 0 };
      });
      this.searchable.set(list as unknown[], out as Searchable<unknown>[]);
    }
    return out;
  }
}

export function readGeoDataFile(file = GEO_DATA_FILE): GeoDataFile {
  return JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as GeoDataFile;
}

let shared: GeoData | undefined;

/** The process's one copy of the shipped data, read on first use (the server reads it once listening). */
export function geoData(): GeoData {
  shared ??= new GeoData(readGeoDataFile());
  return shared;
}
