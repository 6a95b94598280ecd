import { courierGeoQuery } from '../../../core/api/geo.js';
import { courierRanges } from '../../../core/geo/postalCode.js';
import { foldForSearch } from '../../../core/geo/text.js';
import type { ServiceContext } from '../../context.js';
import { notFound, parse } from '../../http/errors.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import type { County, CourierClient, Locality, Street } from '../../providers/couriers/types.js';
import { searchRows } from '../geo/index.js';
import { courierFor, type ProviderAccount } from './providerAccess.js';

/**
 * The couriers' own address nomenclatures (Cargus: Counties, Localities, Streets; Sameday:
 * geolocation/county and city, no streets), read with the company's login through its courier
 * client, live or emulated. The ids are the courier's: the pickers offer them and an AWB sends
 * them back. The lists change rarely but the couriers' ids are what an AWB is matched on, so each
 * list is read at most once a day per set-up (a changed login is a new entry, Sameday's sandbox and
 * production differ). One cache per database (two apps in one process never share rows), bounded:
 * the least recently read list goes first. A read in flight is shared by whoever asks meanwhile.
 */

export type NomenclatureCourier = 'cargus' | 'sameday';

/** Lists kept per database: a set-up's counties, the localities of each county read, the streets of each city read. */
const CACHED_LISTS = 2000;
type Entry = { day: string; rows: Promise<unknown> };
const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(ctx: ServiceContext): Map<string, Entry> {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new Map()));
  return cache;
}

/** A courier's lists for one company, each read once a day. */
export interface Nomenclature {
  counties(): Promise<County[]>;
  localities(county: County): Promise<Locality[]>;
  /** Empty for Sameday (no street list: the address is free text) and for a locality with one postal code. */
  streets(locality: Locality): Promise<Street[]>;
}

/**
 * The company's courier nomenclature (409 without a login at that courier). `opened`: the courier's
 * account as the caller already opened it (a batch of AWBs), so its login is not read again.
 */
export async function courierNomenclature(
  ctx: ServiceContext,
  courier: NomenclatureCourier,
  opened?: ProviderAccount<CourierClient>,
): Promise<Nomenclature> {
  const account = opened ?? (await courierFor(ctx, courier));
  const setUp = `${courier}:${account.row.id}:${account.row.updated_at}`;
  const day = bucharestDate(ctx.now);
  const cache = cacheOf(ctx);
  function cached<T>(list: string, read: () => Promise<T>): Promise<T> {
    const key = `${setUp}:${list}`;
    const hit = cache.get(key);
    cache.delete(key);
    if (hit && hit.day === day) {
      cache.set(key, hit);
      return hit.rows as Promise<T>;
    }
    const rows = read().catch((err: unknown) => {
      // A failed read is not kept: the next request asks again.
      if (cache.get(key)?.rows === rows) cache.delete(key);
      throw account.scrubbed(err);
    });
    cache.set(key, { day, rows });
    // A Map keeps insertion order: the first key is the least recently read.
    if (cache.size > CACHED_LISTS) cache.delete(cache.keys().next().value!);
    return rows;
  }
  return {
    counties: () => cached('counties', () => account.client.counties()),
    localities: (county) => cached(`localities:${county.id}`, () => account.client.localities(county)),
    streets: (locality) =>
      courier === 'sameday'
        ? Promise.resolve([])
        : cached(`streets:${locality.id}`, () => account.client.streets({ ...locality })),
  };
}

/** A courier id as the API gives ids (both couriers number theirs); NaN for anything else. */
const numeric = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : NaN);

/**
 * `GET /api/v1/{cargus|sameday}/geo-data` (the spec's courier location call), from the courier's
 * nomenclature: counties always; a county's cities when county_id is given; a city's streets
 * (searched) when city_id is given; a street's postal-code ranges when street_id is given. A city
 * coded by street has the postal code "0", as the couriers write it. An id the courier does not
 * list answers 404 (a city given without its county is looked up by its streets alone).
 */
export async function courierGeoData(ctx: ServiceContext, courier: NomenclatureCourier, query: unknown) {
  const q = parse(courierGeoQuery, query);
  const places = await courierNomenclature(ctx, courier);
  const counties = await places.counties();
  const county = q.county_id ? counties.find((c) => numeric(c.id) === q.county_id) : undefined;
  if (q.county_id && !county) throw notFound();
  const localities = county ? await places.localities(county) : [];
  let locality: Locality | undefined;
  if (q.city_id) {
    locality = county
      ? localities.find((l) => numeric(l.id) === q.city_id)
      : { id: String(q.city_id), name: '', countyId: '', postalCode: null };
    if (!locality) throw notFound();
  }
  const streets = locality ? await places.streets(locality) : [];
  let zipCodes: { from: number; to: number | null; parity: string; zip_code: string }[] = [];
  if (q.street_id) {
    const street = streets.find((s) => numeric(s.id) === q.street_id);
    if (!street) throw notFound();
    zipCodes = courierRanges(street.postalCodes).map((r) => ({
      from: r.from,
      to: r.to,
      parity: r.parity,
      zip_code: r.postal_code,
    }));
  }
  // Searched as the address data's streets are: the street's own name (after its type) first.
  const searchable = streets.map((s) => {
    const folded = foldForSearch(s.name);
    return { row: s, folded, ownStart: folded.indexOf(' ') + 1 };
  });
  return {
    counties: counties.map((c) => ({ id: numeric(c.id), name: c.name, code: c.code ?? '' })),
    cities: localities.map((l) => ({
      id: numeric(l.id),
      name: l.name,
      county_id: numeric(l.countyId),
      postal_code: l.postalCode ?? '0',
      village: l.commune ?? null,
    })),
    streets: searchRows(searchable, q.search, q.limit).map((s) => ({
      id: numeric(s.id),
      name: s.name,
      city_id: q.city_id!,
    })),
    zipCodes,
  };
}
