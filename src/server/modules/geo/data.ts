import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo.js';
import { PARITY_FROM_FILE, type GeoDataFile } from '../../../core/geo/dataFile.js';
import { foldForSearch } from '../../../core/geo/text.js';

/** The shipped address data (written by `npm run geodata:build`). */
export const GEO_DATA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'geo-data.json.gz');

/** A row with the folded form of its name that searches compare, computed once at load. */
export interface Searchable<T> {
  row: T;
  folded: string;
}

/**
 * The address data in memory, indexed the ways the API reads it. It is read-only and the same for
 * every company, so one copy serves the whole process (about 25k streets: a search scans one
 * city's streets, at most Bucharest's 5k, in well under a millisecond).
 */
export class GeoData {
  readonly counties: GeoCounty[];
  readonly sources: GeoDataFile['sources'];
  private readonly countyById = new Map<number, GeoCounty>();
  private readonly localityById = new Map<number, GeoLocality>();
  private readonly localitiesByCounty = new Map<number, Searchable<GeoLocality>[]>();
  private readonly streetById = new Map<number, GeoStreet>();
  private readonly streetsByLocality = new Map<number, Searchable<GeoStreet>[]>();

  constructor(file: GeoDataFile) {
    this.sources = file.sources;
    this.counties = file.counties.map(([id, name, code]) => ({ id, name, code }));
    for (const c of this.counties) this.countyById.set(c.id, c);
    for (const [id, name, county_id, commune, postal_code] of file.localities) {
      const row: GeoLocality = { id, name, county_id, commune, postal_code };
      this.localityById.set(id, row);
      const list = this.localitiesByCounty.get(county_id) ?? [];
      list.push({ row, folded: foldForSearch(commune ? `${name} ${commune}` : name) });
      this.localitiesByCounty.set(county_id, list);
    }
    for (const [id, locality_id, name, ranges, blocks] of file.streets) {
      const row: GeoStreet = {
        id,
        name,
        locality_id,
        ranges: ranges.map(([from, to, parity, postal_code]) => ({ from, to, parity: PARITY_FROM_FILE[parity], postal_code })),
        blocks: blocks.map(([ids, postal_code]) => ({ blocks: ids, postal_code })),
      };
      this.streetById.set(id, row);
      const list = this.streetsByLocality.get(locality_id) ?? [];
      list.push({ row, folded: foldForSearch(name) });
      this.streetsByLocality.set(locality_id, list);
    }
  }

  county(id: number): GeoCounty | undefined {
    return this.countyById.get(id);
  }
  locality(id: number): GeoLocality | undefined {
    return this.localityById.get(id);
  }
  street(id: number): GeoStreet | undefined {
    return this.streetById.get(id);
  }
  localitiesOf(countyId: number): Searchable<GeoLocality>[] {
    return this.localitiesByCounty.get(countyId) ?? [];
  }
  streetsOf(localityId: number): Searchable<GeoStreet>[] {
    return this.streetsByLocality.get(localityId) ?? [];
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
}

export function readGeoDataFile(file = GEO_DATA_FILE): GeoDataFile {
  return JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as GeoDataFile;
}

let shared: GeoData | undefined;

/** The process's one copy of the shipped data, read on first use (the app reads it at start). */
export function geoData(): GeoData {
  shared ??= new GeoData(readGeoDataFile());
  return shared;
}
