import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo';
import { GEO_LAZY_MIN_CHARS, GEO_LAZY_OPTIONS, GEO_MAX_OPTIONS } from '../../../core/geo/limits';
import type { NumberRange } from '../../../core/geo/numberRanges';
import { api } from '../../lib/api';
import { session } from '../../lib/session';

/**
 * Where the picker reads its lists: the address data (`/api/v1/geo/*`), or a courier's own location
 * call (`/api/v1/{cargus|sameday}/geo-data`), which answers the courier's nomenclature read with the
 * selected company's login: counties, a county's cities (postal code "0" for a city coded by
 * street; a village's commune), a city's streets, a street's postal-code ranges. A courier's ids
 * are its own: an address moves from one source to another by its names (resolveSavedAddress).
 */
export type GeoSource = 'geo' | 'cargus' | 'sameday';

/** A courier location answer that is not the expected shape (shown as "Invalid data format: missing counties data"). */
export class LocationDataError extends Error {
  constructor() {
    super('missing_counties');
    this.name = 'LocationDataError';
  }
}

interface CourierGeoData {
  counties?: GeoCounty[];
  cities?: { id: number; name: string; county_id: number; postal_code: string; village?: string | null }[];
  streets?: { id: number; name: string; city_id: number }[];
  zipCodes?: { from: number; to: number | null; parity: string; zip_code: string }[];
}

export function courierGeo(
  source: Exclude<GeoSource, 'geo'>,
  query: Record<string, string | number | null>,
  signal?: AbortSignal,
): Promise<CourierGeoData> {
  return api.get<CourierGeoData>(`/api/v1/${source}/geo-data`, query, signal).then((r) => {
    if (!r || !Array.isArray(r.counties)) throw new LocationDataError();
    return r;
  });
}

const toLocality = (c: NonNullable<CourierGeoData['cities']>[number]): GeoLocality => ({
  id: c.id,
  name: c.name,
  county_id: c.county_id,
  commune: c.village ?? null,
  // The couriers write "0" for a city whose postal codes go by street.
  postal_code: c.postal_code && c.postal_code !== '0' ? c.postal_code : null,
});

/** Bucharest's county id (SIRUTA county 40): its 5,000 streets are searched lazily (spec: 3 letters, 50 options). */
export const BUCHAREST_COUNTY_ID = 40;

// The address data is the same for every company and changes only with a new release.
const STALE = 60 * 60 * 1000;
// A courier's lists are the company's (read with its login): their keys carry the company.
const key = (...parts: unknown[]) =>
  [
    'geo',
    parts[0] === 'cargus' || parts[0] === 'sameday' ? (session.get().company?.id ?? null) : null,
    ...parts,
  ] as const;

export function useCounties(enabled = true, source: GeoSource = 'geo') {
  return useQuery<GeoCounty[]>({
    queryKey: key(source, 'counties'),
    queryFn: ({ signal }) =>
      source === 'geo'
        ? api.get<{ data: GeoCounty[] }>('/api/v1/geo/counties', undefined, signal).then((r) => r.data)
        : courierGeo(source, {}, signal).then((r) => r.counties ?? []),
    enabled,
    staleTime: STALE,
  });
}

/**
 * A county's localities matching the search (100 at most). A courier answers all of a county's
 * cities at once: they are fetched once per county and searched in the select.
 */
export function useLocalities(countyId: number | null, search: string, source: GeoSource = 'geo') {
  return useQuery<GeoLocality[]>({
    queryKey: source === 'geo' ? key('localities', countyId, search) : key(source, 'localities', countyId),
    queryFn: ({ signal }) =>
      source === 'geo'
        ? api
            .get<{ data: GeoLocality[] }>(
              '/api/v1/geo/localities',
              { county_id: countyId, search, limit: GEO_MAX_OPTIONS },
              signal,
            )
            .then((r) => r.data)
        : courierGeo(source, { county_id: countyId }, signal).then((r) => (r.cities ?? []).map(toLocality)),
    enabled: countyId !== null,
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

/** True when the street search waits for GEO_LAZY_MIN_CHARS letters and lists 50 (Bucharest). */
export const isLazyStreetSearch = (countyId: number | null) => countyId === BUCHAREST_COUNTY_ID;

/**
 * A city's streets matching the search: 100 at most, or for Bucharest 50 and only from the third
 * letter on. An empty answer to an empty search means the city has no street list.
 */
export function useStreets(cityId: number | null, search: string, lazy: boolean, source: GeoSource = 'geo') {
  const term = search.trim();
  const waiting = lazy && term.length < GEO_LAZY_MIN_CHARS;
  const limit = lazy ? GEO_LAZY_OPTIONS : GEO_MAX_OPTIONS;
  return useQuery<GeoStreet[]>({
    queryKey: key(source, 'streets', cityId, term, lazy),
    queryFn: ({ signal }) =>
      source === 'geo'
        ? api
            .get<{ data: GeoStreet[] }>('/api/v1/geo/streets', { locality_id: cityId, search: term, limit }, signal)
            .then((r) => r.data)
        : // A courier's street list has no postal codes: useStreetRanges reads the chosen street's.
          courierGeo(source, { city_id: cityId, search: term, limit }, signal).then((r) =>
            (r.streets ?? []).map((st) => ({
              id: st.id,
              name: st.name,
              locality_id: st.city_id,
              ranges: [],
              blocks: [],
            })),
          ),
    enabled: cityId !== null && !waiting,
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

const PARITIES: readonly string[] = ['odd', 'even', 'both'];

/** A courier's postal-code ranges of one street (its zipCodes); nothing to fetch for the address data, whose streets carry them. */
export function useStreetRanges(source: GeoSource, cityId: number | null, streetId: number | null, enabled = true) {
  return useQuery<NumberRange[]>({
    queryKey: key(source, 'ranges', cityId, streetId),
    queryFn: ({ signal }) =>
      courierGeo(source as Exclude<GeoSource, 'geo'>, { city_id: cityId, street_id: streetId, limit: 1 }, signal).then(
        (r) =>
          (r.zipCodes ?? []).map((z) => ({
            from: z.from,
            to: z.to,
            parity: (PARITIES.includes(z.parity) ? z.parity : 'both') as NumberRange['parity'],
            postal_code: z.zip_code,
          })),
      ),
    enabled: enabled && source !== 'geo' && cityId !== null && streetId !== null,
    staleTime: STALE,
  });
}

/** The editions of the address data, for the data notice. */
export function useGeoSources(enabled = true) {
  return useQuery({
    queryKey: key('about'),
    queryFn: ({ signal }) =>
      api
        .get<{ sources: { siruta: string; postal_codes: string } }>('/api/v1/geo/about', undefined, signal)
        .then((r) => r.sources),
    enabled,
    staleTime: STALE,
  });
}
