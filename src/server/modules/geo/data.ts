import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo.js';
import {
  PARITY_FROM_FILE,
  type FileBlocks,
  type FileParity,
  type FileRange,
  type GeoDataFile,
} from '../../../core/geo/dataFile.js';
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

/** Ids to positions: the ids sorted, with each one's position beside it (a binary search). */
class IdIndex {
  private readonly ids: Int32Array;
  private readonly positions: Int32Array;
  constructor(ids: ArrayLike<number>) {
    const order = Array.from({ length: ids.length }, (_, i) => i).sort((a, b) => ids[a] - ids[b]);
    this.ids = Int32Array.from(order, (i) => ids[i]);
    this.positions = Int32Array.from(order);
  }
  /** The position of this id, or -1. */
  find(id: number): number {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.ids[mid];
      if (at === id) return this.positions[mid];
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** A postal code (six digits, leading zeros kept) as the number it stores in, and back. */
function codeToInt(code: string): number {
  if (!/^\d{6}$/.test(code)) throw new Error(`The address data holds a postal code that is not six digits: ${code}`);
  return Number(code);
}
const intToCode = (n: number): string => String(n).padStart(6, '0');

const PARITIES: FileParity[] = ['o', 'e', 'b'];
const NO_CODE = -1;
const TO_THE_END = -1;

/** Positions grouped by a key, in the data's order. */
function groupPositions(keys: ArrayLike<number>): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < keys.length; i++) {
    let list = lists.get(keys[i]);
    if (!list) lists.set(keys[i], (list = []));
    list.push(i);
  }
  return new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)]));
}

/**
 * The address data in memory, indexed the ways the API reads it. It is read-only and the same for
 * every company, so one copy serves the whole process, for the whole life of the server: it is
 * kept as columns (typed arrays of numbers, postal codes as numbers, one array of names, each
 * commune's name once) rather than an object or tuple per row, which held 13 MB of heap for 13,750
 * localities, 24,616 streets and 44,858 number ranges. A county's localities and a city's streets
 * become rows, with their names folded for search, on the first request that reads them (Bucharest's
 * 5,300 streets: a few milliseconds, once), and stay.
 */
export class GeoData {
  readonly counties: GeoCounty[];
  readonly sources: GeoDataFile['sources'];
  private readonly countyById = new Map<number, GeoCounty>();

  private readonly localityIds: Int32Array;
  private readonly localityNames: string[];
  private readonly localityCounties: Int32Array;
  private readonly localityCommunes: (string | null)[];
  /** NO_CODE: coded by street. */
  private readonly localityCodes: Int32Array;
  private readonly localityIndex: IdIndex;
  private readonly localitiesByCounty: Map<number, Int32Array>;

  private readonly streetIds: Int32Array;
  private readonly streetLocalities: Int32Array;
  private readonly streetNames: string[];
  /** A street's ranges are rangeStart[i] up to rangeStart[i + 1]. */
  private readonly rangeStart: Int32Array;
  private readonly rangeFrom: Int32Array;
  /** TO_THE_END: to the end of the street. */
  private readonly rangeTo: Int32Array;
  /** An index of PARITIES. */
  private readonly rangeParity: Uint8Array;
  private readonly rangeCode: Int32Array;
  /** The lists of apartment blocks, of the few streets that have any (by position). */
  private readonly blocks = new Map<number, FileBlocks[]>();
  private readonly streetIndex: IdIndex;
  private readonly streetsByLocality: Map<number, Int32Array>;

  private readonly countyRows = new Map<number, Searchable<GeoLocality>[]>();
  private readonly cityRows = new Map<number, Searchable<StreetTuple>[]>();

  constructor(file: GeoDataFile) {
    this.sources = file.sources;
    this.counties = file.counties.map(([id, name, code]) => ({ id, name, code }));
    for (const c of this.counties) this.countyById.set(c.id, c);

    const localities = file.localities;
    const n = localities.length;
    this.localityIds = new Int32Array(n);
    this.localityNames = new Array<string>(n);
    this.localityCounties = new Int32Array(n);
    this.localityCommunes = new Array<string | null>(n);
    this.localityCodes = new Int32Array(n);
    // A commune's name is written on each of its villages: one string for them all.
    const communes = new Map<string, string>();
    for (let i = 0; i < n; i++) {
      const [id, name, countyId, commune, postalCode] = localities[i];
      this.localityIds[i] = id;
      this.localityNames[i] = name;
      this.localityCounties[i] = countyId;
      let shared = commune;
      if (commune !== null) {
        shared = communes.get(commune) ?? commune;
        communes.set(commune, shared);
      }
      this.localityCommunes[i] = shared;
      this.localityCodes[i] = postalCode === null ? NO_CODE : codeToInt(postalCode);
    }
    this.localityIndex = new IdIndex(this.localityIds);
    this.localitiesByCounty = groupPositions(this.localityCounties);

    const streets = file.streets;
    const m = streets.length;
    const rangeCount = streets.reduce((sum, s) => sum + s[3].length, 0);
    this.streetIds = new Int32Array(m);
    this.streetLocalities = new Int32Array(m);
    this.streetNames = new Array<string>(m);
    this.rangeStart = new Int32Array(m + 1);
    this.rangeFrom = new Int32Array(rangeCount);
    this.rangeTo = new Int32Array(rangeCount);
    this.rangeParity = new Uint8Array(rangeCount);
    this.rangeCode = new Int32Array(rangeCount);
    let r = 0;
    for (let i = 0; i < m; i++) {
      const [id, localityId, name, ranges, blocks] = streets[i];
      this.streetIds[i] = id;
      this.streetLocalities[i] = localityId;
      this.streetNames[i] = name;
      this.rangeStart[i] = r;
      for (const [from, to, parity, postalCode] of ranges) {
        this.rangeFrom[r] = from;
        this.rangeTo[r] = to === null ? TO_THE_END : to;
        this.rangeParity[r] = PARITIES.indexOf(parity);
        this.rangeCode[r] = codeToInt(postalCode);
        r++;
      }
      if (blocks.length) this.blocks.set(i, blocks);
    }
    this.rangeStart[m] = r;
    this.streetIndex = new IdIndex(this.streetIds);
    this.streetsByLocality = groupPositions(this.streetLocalities);
  }

  county(id: number): GeoCounty | undefined {
    return this.countyById.get(id);
  }
  locality(id: number): GeoLocality | undefined {
    const i = this.localityIndex.find(id);
    return i < 0 ? undefined : this.localityRow(i);
  }
  street(id: number): GeoStreet | undefined {
    const i = this.streetIndex.find(id);
    return i < 0 ? undefined : toStreet(this.streetTuple(i));
  }
  /** A county's localities in alphabetical order, each with its name and commune folded for search. */
  localitiesOf(countyId: number): Searchable<GeoLocality>[] {
    let rows = this.countyRows.get(countyId);
    if (!rows) {
      rows = folded(
        Array.from(this.localitiesByCounty.get(countyId) ?? [], (i) => this.localityRow(i)),
        (l) => (l.commune ? `${l.name} ${l.commune}` : l.name),
        false,
      );
      this.countyRows.set(countyId, rows);
    }
    return rows;
  }
  /** A city's streets in alphabetical order (empty for a locality with one postal code). */
  streetsOf(localityId: number): Searchable<StreetTuple>[] {
    let rows = this.cityRows.get(localityId);
    if (!rows) {
      rows = folded(
        Array.from(this.streetsByLocality.get(localityId) ?? [], (i) => this.streetTuple(i)),
        (s) => s[2],
        true,
      );
      this.cityRows.set(localityId, rows);
    }
    return rows;
  }
  /** A city whose postal codes go by street (and number): it has streets. */
  isCodedByStreet(localityId: number): boolean {
    return this.streetsByLocality.has(localityId);
  }
  get localityCount(): number {
    return this.localityIds.length;
  }
  get streetCount(): number {
    return this.streetIds.length;
  }

  private localityRow(i: number): GeoLocality {
    const code = this.localityCodes[i];
    return {
      id: this.localityIds[i],
      name: this.localityNames[i],
      county_id: this.localityCounties[i],
      commune: this.localityCommunes[i],
      postal_code: code === NO_CODE ? null : intToCode(code),
    };
  }

  private streetTuple(i: number): StreetTuple {
    const ranges: FileRange[] = [];
    for (let r = this.rangeStart[i]; r < this.rangeStart[i + 1]; r++) {
      const to = this.rangeTo[r];
      ranges.push([
        this.rangeFrom[r],
        to === TO_THE_END ? null : to,
        PARITIES[this.rangeParity[r]],
        intToCode(this.rangeCode[r]),
      ]);
    }
    return [this.streetIds[i], this.streetLocalities[i], this.streetNames[i], ranges, this.blocks.get(i) ?? []];
  }
}

function folded<T>(list: T[], name: (row: T) => string, typed: boolean): Searchable<T>[] {
  return list.map((row) => {
    const f = foldForSearch(name(row));
    return { row, folded: f, ownStart: typed ? f.indexOf(' ') + 1 : 0 };
  });
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
