import { MAX_LOCKERS, lockersQuery, type LockerCourier, type Locker, type Lockers } from '../../../core/api/lockers.js';
import { foldForSearch } from '../../../core/geo/text.js';
import type { ServiceContext } from '../../context.js';
import { HttpError, parse } from '../../http/errors.js';
import { courierFor } from './providerAccess.js';
import { PLACES_TTL_SECONDS } from './samedayLocations.js';

/**
 * The couriers' lockers and pick-up points (Sameday easybox, Cargus Ship & Go), read with the
 * company's login. The networks are listed whole (thousands of points), so each set-up's list is
 * kept for an hour (a changed login is a new entry) while the user narrows it and an AWB checks
 * the point it names. One cache per database, so two apps in one process never share rows.
 */

const CACHED_SET_UPS = 100;
type Entry = { at: number; lockers: Locker[] };
const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(ctx: ServiceContext): Map<string, Entry> {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new Map()));
  return cache;
}

/** Every point of the courier's network (cached for an hour per set-up); 409 without a login. */
export async function courierLockers(ctx: ServiceContext, courier: LockerCourier): Promise<Locker[]> {
  const account = await courierFor(ctx, courier);
  const key = `${courier}:${account.row.id}:${account.row.updated_at}`;
  const cache = cacheOf(ctx);
  const hit = cache.get(key);
  if (hit && ctx.now - hit.at < PLACES_TTL_SECONDS) return hit.lockers;
  if (!account.client.lockers) return [];
  let rows;
  try {
    rows = await account.client.lockers();
  } catch (err) {
    throw account.scrubbed(err);
  }
  const lockers = rows.map((l): Locker => ({
    id: l.id,
    name: l.name,
    address: l.address,
    city: l.city,
    county: l.county,
    postal_code: l.postalCode,
    // A courier that does not say (Sameday) collects it at every point.
    cash_on_delivery: l.cod ?? true,
  }));
  cache.delete(key);
  cache.set(key, { at: ctx.now, lockers });
  // A Map keeps insertion order: the first key is the oldest.
  if (cache.size > CACHED_SET_UPS) cache.delete(cache.keys().next().value!);
  return lockers;
}

const same = (a: string, b: string) => foldForSearch(a) === foldForSearch(b);
const byRomanian = (a: string, b: string) => a.localeCompare(b, 'ro');

/** `GET /api/v1/{courier}/lockers?county=&city=`: the points of a county, narrowed by city. */
export async function lockersByPlace(ctx: ServiceContext, courier: LockerCourier, query: unknown): Promise<Lockers> {
  const q = parse(lockersQuery, query);
  const all = await courierLockers(ctx, courier);
  const inCounty = all.filter((l) => same(l.county, q.county));
  const found = inCounty
    .filter((l) => !q.city || same(l.city, q.city))
    .sort((a, b) => byRomanian(a.city, b.city) || byRomanian(a.name, b.name));
  const cities = new Map<string, string>();
  for (const l of inCounty)
    if (l.city.trim() && !cities.has(foldForSearch(l.city))) cities.set(foldForSearch(l.city), l.city.trim());
  return {
    data: found.slice(0, MAX_LOCKERS),
    meta: { cities: [...cities.values()].sort(byRomanian), total: found.length },
  };
}

/** The point an AWB names: 422 on `locker_id` when the courier does not list it. */
export async function findLocker(ctx: ServiceContext, courier: LockerCourier, id: string): Promise<Locker> {
  const locker = (await courierLockers(ctx, courier)).find((l) => l.id === id);
  if (!locker) throw new HttpError(422, 'validation_failed', {}, { locker_id: [{ key: 'locker_unknown' }] });
  return locker;
}
