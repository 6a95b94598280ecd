import { Grid, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeoLocality, GeoStreet } from '../../../core/api/geo';
import { GEO_LAZY_MIN_CHARS, GEO_LAZY_OPTIONS, GEO_MAX_OPTIONS } from '../../../core/geo/limits';
import { needsNumber, postalCodeFor } from '../../../core/geo/postalCode';
import { digitsOnly, foldedFilter, localityLabel, withChosen } from './options';
import type { AddressErrors, AddressFacts, AddressPart, AddressValue } from './types';
import { emptyAddress } from './types';
import {
  isLazyStreetSearch,
  LocationDataError,
  useCounties,
  useLocalities,
  useStreetRanges,
  useStreets,
  type GeoSource,
} from './useGeo';

export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;

export interface AddressPickerProps {
  /** The address (controlled): start from `emptyAddress` or a saved address. */
  value: AddressValue;
  /** Every change answers the whole new address, postal code included. */
  onChange: (value: AddressValue) => void;
  /** A message under each part (the form's own checks or the server's 422, see addressErrorsFrom). */
  errors?: AddressErrors;
  /** Marks county, city, street and number as required (the asterisk; the form checks), or only the parts listed. */
  required?: boolean | readonly AddressPart[];
  disabled?: boolean;
  /** Load the lists only while shown (a modal passes its `opened`). Default true. */
  enabled?: boolean;
  /**
   * Where the lists come from: the address data (default) or a courier's own location call, the
   * spec's dedicated Cargus and Sameday pickers (same ids, so a chosen address survives a switch).
   */
  source?: GeoSource;
  /** Told what the picker knows of the chosen city and street whenever that changes (a form's own rules, e.g. the AWB checks). */
  onFacts?: (facts: AddressFacts) => void;
}

/**
 * THE address picker: county → city → street → number → postal code, from the address data that
 * ships with the app. Each select is searchable (diacritics and case ignored) and lists at most 100
 * options; Bucharest's streets are searched from the third letter and list 50 (spec). A city with
 * one postal code (villages, small towns) has no street list: the street is then free text and the
 * code is the city's. The postal code is read-only, computed from the street's number ranges.
 * Choosing a part clears the parts after it and moves the focus to the next one.
 */
export function AddressPicker({
  value,
  onChange,
  errors = {},
  required = false,
  disabled = false,
  enabled = true,
  source = 'geo',
  onFacts,
}: AddressPickerProps) {
  const { t } = useTranslation('address');
  const asterisk = (part: AddressPart) => (typeof required === 'boolean' ? required : required.includes(part));
  const cityRef = useRef<HTMLInputElement>(null);
  const streetRef = useRef<HTMLInputElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  // The part to focus once the choice that enables it is rendered. Moved in a layout effect, not a
  // timer: Chromium runs queued keystrokes before timers, so a fast typist's next letters (and a
  // browser test's) went to the part just chosen while the timer waited.
  const focusNext = useRef<RefObject<HTMLInputElement | null> | null>(null);
  useLayoutEffect(() => {
    const next = focusNext.current?.current;
    focusNext.current = null;
    if (next && !next.disabled) next.focus();
  });

  const [citySearch, setCitySearch] = useState('');
  const [streetSearch, setStreetSearch] = useState('');
  const [debouncedCity] = useDebouncedValue(citySearch, ADDRESS_SEARCH_DEBOUNCE_MS);
  const [debouncedStreet] = useDebouncedValue(streetSearch, ADDRESS_SEARCH_DEBOUNCE_MS);
  // The rows behind the chosen city and street: the city's own code, the street's number ranges.
  const [city, setCity] = useState<GeoLocality | null>(null);
  const [street, setStreet] = useState<GeoStreet | null>(null);

  const lazy = isLazyStreetSearch(value.county_id);
  const counties = useCounties(enabled, source);
  const cityLabel = city && city.id === value.city_id ? localityLabel(city) : value.city;
  const localities = useLocalities(
    enabled ? value.county_id : null,
    debouncedCity === cityLabel ? '' : debouncedCity,
    source,
  );
  const streetTerm = debouncedStreet === value.street ? '' : debouncedStreet;
  const streets = useStreets(enabled ? value.city_id : null, streetTerm, lazy, source);
  // Whether the city has a street list: Bucharest always; elsewhere its first page of streets says.
  const firstStreets = useStreets(enabled && !lazy ? value.city_id : null, '', false, source);
  const codedByStreet =
    value.city_id !== null &&
    (lazy || (city?.id === value.city_id ? city.postal_code === null : (firstStreets.data?.length ?? 0) > 0));
  // A saved address names its street: find its row (for the ranges) by a search of its name.
  const savedStreet = useStreets(
    enabled && value.street_id !== null && street?.id !== value.street_id ? value.city_id : null,
    value.street,
    false,
    source,
  );
  useEffect(() => {
    const row = savedStreet.data?.find((s) => s.id === value.street_id);
    if (row && street?.id !== row.id) setStreet(row);
  }, [savedStreet.data, value.street_id, street]);
  // The chosen street with its postal-code ranges: a courier's list has none, its own call answers them.
  const ranges = useStreetRanges(source, value.city_id, value.street_id, enabled && codedByStreet);
  const chosenRow = street && street.id === value.street_id ? street : null;
  const known =
    chosenRow && source !== 'geo' ? (ranges.data ? { ...chosenRow, ranges: ranges.data } : null) : chosenRow;
  // Ranges that arrive after the street was chosen fill a postal code still missing.
  useEffect(() => {
    if (!known || !codedByStreet || value.postal_code) return;
    const code = postalCodeFor(known, value.street_number);
    if (code) onChange({ ...value, postal_code: code });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when what the code depends on changes
  }, [known?.id, known?.ranges, codedByStreet, value.street_number, value.postal_code]);

  // Until the street's ranges are known, a number is asked for (the safe side).
  const streetNeedsNumber = codedByStreet && value.street_id !== null && (known ? needsNumber(known) : true);
  const factsRef = useRef(onFacts);
  factsRef.current = onFacts;
  useEffect(() => {
    factsRef.current?.({ cityCodedByStreet: codedByStreet, streetNeedsNumber } satisfies AddressFacts);
  }, [codedByStreet, streetNeedsNumber]);

  const countyOptions = useMemo(
    () => (counties.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    [counties.data],
  );
  const cityOptions = useMemo(
    () =>
      withChosen(
        (localities.data ?? []).map((l) => ({ value: String(l.id), label: localityLabel(l) })),
        value.city_id ? { value: String(value.city_id), label: cityLabel } : null,
      ),
    [localities.data, value.city_id, cityLabel],
  );
  const streetOptions = useMemo(
    () =>
      withChosen(
        (streets.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
        value.street_id ? { value: String(value.street_id), label: value.street } : null,
      ),
    [streets.data, value.street_id, value.street],
  );

  const chooseCounty = (id: string | null) => {
    const county = counties.data?.find((c) => String(c.id) === id) ?? null;
    setCity(null);
    setStreet(null);
    setCitySearch('');
    setStreetSearch('');
    onChange({ ...emptyAddress, county_id: county?.id ?? null, county: county?.name ?? '' });
    if (county) focusNext.current = cityRef;
  };

  const chooseCity = (id: string | null) => {
    const row = localities.data?.find((l) => String(l.id) === id) ?? null;
    setCity(row);
    setStreet(null);
    setStreetSearch('');
    onChange({
      ...value,
      city_id: row?.id ?? null,
      city: row?.name ?? '',
      street_id: null,
      street: '',
      street_number: '',
      postal_code: row?.postal_code ?? '',
    });
    if (row) focusNext.current = streetRef;
  };

  const chooseStreet = (id: string | null) => {
    const row = streets.data?.find((s) => String(s.id) === id) ?? null;
    setStreet(row);
    onChange({
      ...value,
      street_id: row?.id ?? null,
      street: row?.name ?? '',
      // A courier's street row has no ranges yet: the code follows when they arrive.
      postal_code: row && source === 'geo' ? (postalCodeFor(row, value.street_number) ?? '') : '',
    });
    if (row) focusNext.current = numberRef;
  };

  const typeNumber = (text: string) => {
    const number = digitsOnly(text);
    const postal = codedByStreet
      ? known
        ? (postalCodeFor(known, number) ?? '')
        : value.postal_code
      : value.postal_code;
    onChange({ ...value, street_number: number, postal_code: postal });
  };

  const typeFreeStreet = (text: string) => onChange({ ...value, street_id: null, street: text });

  const waitingForLetters = lazy && streetSearch.trim().length < GEO_LAZY_MIN_CHARS && streetSearch !== value.street;
  const failure = [counties, localities, streets, ranges].find((q) => q.isError)?.error;
  const failedText = !failure
    ? undefined
    : source === 'geo'
      ? t('loadFailed')
      : failure instanceof LocationDataError
        ? t('locationDataInvalid')
        : t('locationDataFailed');
  const postalHint = value.postal_code
    ? t('postalCodeAuto')
    : codedByStreet && value.street_id && value.street_number
      ? t('postalCodeUnknown')
      : t('postalCodeAuto');

  return (
    <Grid gap="sm" data-testid="address-picker">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('county')}
          placeholder={t('countyPlaceholder')}
          withAsterisk={asterisk('county')}
          searchable
          clearable
          openOnFocus={false}
          data={countyOptions}
          filter={foldedFilter}
          limit={GEO_MAX_OPTIONS}
          value={value.county_id ? String(value.county_id) : null}
          onChange={chooseCounty}
          nothingFoundMessage={t('nothingFound')}
          error={errors.county ?? failedText}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          ref={cityRef}
          label={t('city')}
          placeholder={value.county_id ? t('cityPlaceholder') : t('chooseCountyFirst')}
          withAsterisk={asterisk('city')}
          searchable
          clearable
          openOnFocus={false}
          data={cityOptions}
          filter={foldedFilter}
          limit={GEO_MAX_OPTIONS}
          searchValue={citySearch}
          onSearchChange={setCitySearch}
          value={value.city_id ? String(value.city_id) : null}
          onChange={chooseCity}
          nothingFoundMessage={localities.isFetching ? undefined : t('nothingFound')}
          error={errors.city}
          disabled={disabled || value.county_id === null}
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {value.city_id !== null && !codedByStreet && !firstStreets.isLoading ? (
          <TextInput
            ref={streetRef}
            label={t('street')}
            placeholder={t('streetFreePlaceholder')}
            withAsterisk={asterisk('street')}
            value={value.street}
            onChange={(e) => typeFreeStreet(e.currentTarget.value)}
            error={errors.street}
            disabled={disabled}
            maxLength={255}
          />
        ) : (
          <Select
            ref={streetRef}
            label={t('street')}
            placeholder={
              value.city_id === null
                ? t('chooseCityFirst')
                : lazy
                  ? t('streetLazyPlaceholder', { count: GEO_LAZY_MIN_CHARS })
                  : t('streetPlaceholder')
            }
            withAsterisk={asterisk('street')}
            searchable
            clearable
            openOnFocus={false}
            data={
              waitingForLetters
                ? withChosen([], value.street_id ? { value: String(value.street_id), label: value.street } : null)
                : streetOptions
            }
            filter={foldedFilter}
            limit={lazy ? GEO_LAZY_OPTIONS : GEO_MAX_OPTIONS}
            searchValue={streetSearch}
            onSearchChange={setStreetSearch}
            value={value.street_id ? String(value.street_id) : null}
            onChange={chooseStreet}
            nothingFoundMessage={
              waitingForLetters
                ? t('typeMore', { count: GEO_LAZY_MIN_CHARS })
                : streets.isFetching
                  ? undefined
                  : t('nothingFound')
            }
            error={errors.street}
            disabled={disabled || value.city_id === null}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <TextInput
          ref={numberRef}
          label={t('streetNumber')}
          placeholder={t('numberPlaceholder')}
          withAsterisk={asterisk('street_number')}
          inputMode="numeric"
          value={value.street_number}
          onChange={(e) => typeNumber(e.currentTarget.value)}
          error={errors.street_number}
          disabled={disabled || value.city_id === null}
          aria-description={t('digitsOnly')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <TextInput
          label={t('postalCode')}
          value={value.postal_code}
          readOnly
          tabIndex={-1}
          description={postalHint}
          // The hint under the box keeps the box level with the number beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={errors.postal_code}
          disabled={disabled}
        />
      </Grid.Col>
    </Grid>
  );
}
