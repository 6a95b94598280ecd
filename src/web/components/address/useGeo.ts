import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo';
import { GEO_LAZY_MIN_CHARS, GEO_LAZY_OPTIONS, GEO_MAX_OPTIONS } from '../../../core/api/geo';
import { api } from '../../lib/api';

/** Bucharest's county id (SIRUTA county 40): its 5,000 streets are searched lazily (spec: 3 letters, 50 options). */
export const BUCHAREST_COUNTY_ID = 40;

// The address data is the same for every company and changes only with a new release.
const STALE = 60 * 60 * 1000;
const key = (...parts: unknown[]) => ['geo', null, ...parts] as const;

export function useCounties(enabled = true) {
  return useQuery({
    queryKey: key('counties'),
    queryFn: ({ signal }) => api.get<{ data: GeoCounty[] }>('/api/v1/geo/counties', undefined, signal).then((r) => r.data),
    enabled,
    staleTime: STALE,
  });
}

/** A county's localities matching the search (100 at most). */
export function useLocalities(countyId: number | null, search: string) {
  return useQuery<GeoLocality[]>({
    queryKey: key('localities', countyId, search),
    queryFn: ({ signal }) =>
      api.get<{ data: GeoLocality[] }>('/api/v1/geo/localities', { county_id: countyId, search, limit: GEO_MAX_OPTIONS }, signal).then((r) => r.data),
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
export function useStreets(cityId: number | null, search: string, lazy: boolean) {
  const term = search.trim();
  const waiting = lazy && term.length < GEO_LAZY_MIN_CHARS;
  return useQuery<GeoStreet[]>({
    queryKey: key('streets', cityId, term, lazy),
    queryFn: ({ signal }) =>
      api.get<{ data: GeoStreet[] }>('/api/v1/geo/streets', { locality_id: cityId, search: term, limit: lazy ? GEO_LAZY_OPTIONS : GEO_MAX_OPTIONS }, signal).then((r) => r.data),
    enabled: cityId !== null && !waiting,
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

/** The editions of the address data, for the data notice. */
export function useGeoSources(enabled = true) {
  return useQuery({
    queryKey: key('about'),
    queryFn: ({ signal }) => api.get<{ sources: { siruta: string; postal_codes: string } }>('/api/v1/geo/about', undefined, signal).then((r) => r.sources),
    enabled,
    staleTime: STALE,
  });
}
