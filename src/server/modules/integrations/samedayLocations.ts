import {
  MAX_LOCKERS_LISTED,
  samedayLocationsQuery,
  type SamedayLocations,
  type SamedayPlace,
} from '../../../core/api/samedayLocations.js';
import { foldForSearch } from '../../../core/geo/text.js';
import type { ServiceContext } from '../../context.js';
import { HttpError, parse } from '../../http/errors.js';
import { findCompanyIntegrationByKey } from './queries.js';
import { callProvider, storedCredentials } from './providerAccess.js';
import { providerGateway } from './providerGateway.js';

/**
 * The /sameday-location page: the company's Sameday pickup points and Sameday's lockers, narrowed
 * by county and city. Sameday lists its lockers whole (thousands, several pages), so the places
 * are kept for an hour per set-up (a changed login is a new entry) while the user narrows them.
 */

type Places = { pickupPoints: SamedayPlace[]; lockers: SamedayPlace[] };

/** Lockers open and close a few times a month: an hour old is fresh enough for a lookup page. */
export const PLACES_TTL_SECONDS = 3600;
const CACHED_SET_UPS = 100;

export interface PlacesCache {
  get(key: string, now: number): Places | undefined;
  set(key: string, places: Places, now: number): void;
}

/** One per app: the places of the last hundred set-ups asked, each for an hour. */
export function placesCache(): PlacesCache {
  const entries = new Map<string, { at: number; places: Places }>();
  return {
    get(key, now) {
      const hit = entries.get(key);
      return hit && now - hit.at < PLACES_TTL_SECONDS ? hit.places : undefined;
    },
    set(key, places, now) {
      entries.delete(key);
      entries.set(key, { at: now, places });
      // A Map keeps insertion order: the first key is the oldest.
      if (entries.size > CACHED_SET_UPS) entries.delete(entries.keys().next().value!);
    },
  };
}

export async function samedayLocations(
  ctx: ServiceContext,
  cache: PlacesCache,
  query: unknown,
): Promise<SamedayLocations> {
  const q = parse(samedayLocationsQuery, query);
  const row = await findCompanyIntegrationByKey(ctx.db.kysely, ctx.companyId, 'sameday');
  if (!row || row.credentials === null) throw new HttpError(409, 'sameday_not_set_up');
  const key = `${row.id}:${row.updated_at}`;
  let places = cache.get(key, ctx.now);
  if (!places) {
    const { credentials } = await storedCredentials(ctx, 'sameday');
    places = await callProvider(row.name, credentials, () => providerGateway(ctx.providers).samedayPlaces(credentials));
    cache.set(key, places, ctx.now);
  }
  return narrow(places, q.county ?? null, q.city ?? null);
}

const same = (a: string, b: string) => foldForSearch(a) === foldForSearch(b);
const byRomanian = (a: string, b: string) => a.localeCompare(b, 'ro');

/** One spelling per place name (Sameday writes some with diacritics, some without), in Romanian order. */
function names(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const v of values) if (v.trim() && !seen.has(foldForSearch(v))) seen.set(foldForSearch(v), v.trim());
  return [...seen.values()].sort(byRomanian);
}

export function narrow(places: Places, county: string | null, city: string | null): SamedayLocations {
  const here = (p: SamedayPlace) => (!county || same(p.county, county)) && (!city || same(p.city, city));
  const all = [...places.pickupPoints, ...places.lockers];
  const lockers = county
    ? places.lockers.filter(here).sort((a, b) => byRomanian(a.city, b.city) || byRomanian(a.name, b.name))
    : [];
  return {
    data: { pickup_points: places.pickupPoints.filter(here), lockers: lockers.slice(0, MAX_LOCKERS_LISTED) },
    meta: {
      counties: names(all.map((p) => p.county)),
      cities: county ? names(all.filter((p) => same(p.county, county)).map((p) => p.city)) : [],
      lockers_total: lockers.length,
    },
  };
}
