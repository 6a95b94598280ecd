// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { useState } from 'react';
import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo';
import { foldForSearch, matchesWords, searchWords } from '../../../core/geo/text';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { AddressPicker, type AddressPickerProps } from './AddressPicker';
import address from './i18n';
import { resolveSavedAddress } from './resolve';
import { addressErrorsFrom, emptyAddress, type AddressFacts, type AddressValue } from './types';

// A small stand-in of the geo API over real rows of the data.
const counties: GeoCounty[] = [
  { id: 3, name: 'Argeș', code: 'AG' },
  { id: 40, name: 'București', code: 'B' },
  { id: 12, name: 'Cluj', code: 'CJ' },
  { id: 22, name: 'Iași', code: 'IS' },
];
const localities: GeoLocality[] = [
  { id: 17557, name: 'Lăzărești', county_id: 3, commune: 'Moșoaia', postal_code: '117511' },
  { id: 18714, name: 'Lăzărești', county_id: 3, commune: 'Schitu Golești', postal_code: '117653' },
  ...Array.from({ length: 150 }, (_, i) => ({
    id: 900000 + i,
    name: `Sat ${i}`,
    county_id: 3,
    commune: 'Comuna',
    postal_code: '117000',
  })),
  { id: 179132, name: 'București', county_id: 40, commune: null, postal_code: null },
  { id: 54984, name: 'Cluj-Napoca', county_id: 12, commune: null, postal_code: null },
];
const streets: GeoStreet[] = [
  {
    id: 6493,
    name: 'Strada Zorilor',
    locality_id: 54984,
    blocks: [],
    ranges: [
      { from: 1, to: 27, parity: 'odd', postal_code: '400335' },
      { from: 2, to: 44, parity: 'even', postal_code: '400335' },
      { from: 29, to: null, parity: 'odd', postal_code: '400351' },
      { from: 46, to: null, parity: 'even', postal_code: '400351' },
    ],
  },
  {
    id: 6000,
    name: 'Strada Dima Gheorghe',
    locality_id: 54984,
    blocks: [],
    ranges: [{ from: 49, to: 49, parity: 'odd', postal_code: '400336' }],
  },
  {
    id: 100,
    name: 'Calea Victoriei',
    locality_id: 179132,
    blocks: [],
    ranges: [{ from: 1, to: null, parity: 'both', postal_code: '010061' }],
  },
  {
    id: 101,
    name: 'Strada Mincu Ion, arh.',
    locality_id: 179132,
    blocks: [],
    ranges: [{ from: 1, to: 19, parity: 'odd', postal_code: '011356' }],
  },
];

const calls: URL[] = [];
/** How the couriers' location call answers: as the spec, without counties, or failing. */
let courierGeo: 'ok' | 'no-counties' | 'fail' = 'ok';
function fakeApi(u: string): Response {
  const url = new URL(u, 'http://x');
  calls.push(url);
  const q = url.searchParams;
  const words = searchWords(q.get('search') ?? '');
  const limit = Number(q.get('limit') ?? 100);
  const hit = (name: string) => matchesWords(foldForSearch(name), words);
  const courier = /^\/api\/v1\/(cargus|sameday)\/geo-data$/.exec(url.pathname)?.[1];
  if (courier) {
    if (courierGeo === 'fail') return new Response(JSON.stringify({ message: '' }), { status: 502 });
    if (courierGeo === 'no-counties') return new Response(JSON.stringify({ cities: [] }), { status: 200 });
    // The couriers' nomenclature: all of a county's cities ("0" for a city coded by street), a city's streets, a street's ranges.
    const cities = localities
      .filter((l) => l.county_id === Number(q.get('county_id')))
      .map((l) => ({
        id: l.id,
        name: l.name,
        county_id: l.county_id,
        postal_code: l.postal_code ?? '0',
        ...(courier === 'sameday' ? { village: l.commune, sameday_county_id: l.county_id } : {}),
      }));
    const cityStreets = streets
      .filter((st) => st.locality_id === Number(q.get('city_id')) && hit(st.name))
      .slice(0, limit)
      .map((st) => ({ id: st.id, name: st.name, city_id: st.locality_id }));
    const zipCodes = (streets.find((st) => st.id === Number(q.get('street_id')))?.ranges ?? []).map((r) => ({
      from: r.from,
      to: r.to,
      parity: r.parity,
      zip_code: r.postal_code,
    }));
    return new Response(JSON.stringify({ counties, cities, streets: cityStreets, zipCodes }), { status: 200 });
  }
  let data: unknown;
  if (url.pathname === '/api/v1/geo/counties') data = counties;
  else if (url.pathname === '/api/v1/geo/localities')
    data = localities
      .filter((l) => l.county_id === Number(q.get('county_id')) && hit(`${l.name} ${l.commune ?? ''}`))
      .slice(0, limit);
  else if (url.pathname === '/api/v1/geo/streets')
    data = streets.filter((s) => s.locality_id === Number(q.get('locality_id')) && hit(s.name)).slice(0, limit);
  else return new Response('{}', { status: 404 });
  return new Response(JSON.stringify({ data }), { status: 200 });
}

let last: AddressValue = emptyAddress;
function Harness(props: Partial<AddressPickerProps> & { start?: AddressValue }) {
  const { start, ...rest } = props;
  const [value, setValue] = useState<AddressValue>(start ?? emptyAddress);
  return (
    <AddressPicker
      {...rest}
      value={value}
      onChange={(v) => {
        last = v;
        setValue(v);
      }}
    />
  );
}

function renderPicker(props: Partial<AddressPickerProps> & { start?: AddressValue } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={qc}>
        <Harness {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const box = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

async function type(input: HTMLInputElement, text: string) {
  input.focus(); // Mantine treats a change without the focus as autofill
  fireEvent.change(input, { target: { value: text } });
}

async function choose(name: string, search: string, option: string) {
  await waitFor(() => expect(box(name).disabled).toBe(false));
  await type(box(name), search);
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 2000 }));
}

beforeAll(async () => {
  await prepareDom({ en: { address: address.en }, ro: { address: address.ro } }, 'address');
});
beforeEach(() => {
  calls.length = 0;
  courierGeo = 'ok';
  last = emptyAddress;
  vi.stubGlobal(
    'fetch',
    vi.fn((u: string) => Promise.resolve(fakeApi(u))),
  );
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// Each test walks several selects with debounced searches: slow on a busy machine.
describe('AddressPicker', { timeout: 20000 }, () => {
  it("a village: county → locality told apart by its commune → free-text street → the village's postal code, read-only", async () => {
    renderPicker({ required: true });
    await choose('County', 'arg', 'Argeș');
    expect(last).toEqual({ ...emptyAddress, county_id: 3, county: 'Argeș' });
    await choose('City', 'lazaresti', 'Lăzărești (Schitu Golești)');
    expect(last).toMatchObject({ city_id: 18714, city: 'Lăzărești', postal_code: '117653', street_id: null });
    // No street list for a village: the street is typed.
    const street = await waitFor(() => field('Street'));
    fireEvent.change(street, { target: { value: 'Principală' } });
    fireEvent.change(field('Number'), { target: { value: '7' } });
    expect(last).toEqual({
      county_id: 3,
      county: 'Argeș',
      city_id: 18714,
      city: 'Lăzărești',
      street_id: null,
      street: 'Principală',
      street_number: '7',
      postal_code: '117653',
    });
    expect(field('Postal code').readOnly).toBe(true);
  });

  it('Cluj-Napoca: the street from the list, the postal code following the number and its parity; digits only', async () => {
    renderPicker();
    await choose('County', 'cluj', 'Cluj');
    await choose('City', 'cluj', 'Cluj-Napoca');
    await choose('Street', 'zorilor', 'Strada Zorilor');
    expect(last).toMatchObject({ street_id: 6493, street: 'Strada Zorilor', postal_code: '' });
    fireEvent.change(field('Number'), { target: { value: '29' } });
    expect(last).toMatchObject({ street_number: '29', postal_code: '400351' });
    fireEvent.change(field('Number'), { target: { value: '12a' } });
    expect(last).toMatchObject({ street_number: '12', postal_code: '400335' });
    expect(field('Postal code').value).toBe('400335');
    // Choosing another county clears everything after it.
    await choose('County', 'arg', 'Argeș');
    expect(last).toEqual({ ...emptyAddress, county_id: 3, county: 'Argeș' });
  });

  it('says when no code is known for the number', async () => {
    renderPicker();
    await choose('County', 'cluj', 'Cluj');
    await choose('City', 'cluj', 'Cluj-Napoca');
    await choose('Street', 'dima', 'Strada Dima Gheorghe');
    fireEvent.change(field('Number'), { target: { value: '51' } });
    expect(last.postal_code).toBe('');
    expect(screen.getByText('No postal code is known for this number')).toBeTruthy();
  });

  it('Bucharest streets are searched lazily: nothing asked before 3 letters, then 50 at most', async () => {
    renderPicker();
    await choose('County', 'bucuresti', 'București');
    await choose('City', 'buc', 'București');
    await waitFor(() => expect(box('Street').disabled).toBe(false));
    await type(box('Street'), 'vi');
    await new Promise((r) => setTimeout(r, 500));
    expect(calls.filter((c) => c.pathname === '/api/v1/geo/streets')).toEqual([]);
    expect(screen.getByText('Type at least 3 letters')).toBeTruthy();
    await type(box('Street'), 'vic');
    await waitFor(
      () =>
        expect(calls.some((c) => c.pathname === '/api/v1/geo/streets' && c.searchParams.get('search') === 'vic')).toBe(
          true,
        ),
      { timeout: 2000 },
    );
    const asked = calls.filter((c) => c.pathname === '/api/v1/geo/streets');
    expect(asked.every((c) => c.searchParams.get('limit') === '50')).toBe(true);
    fireEvent.click(await screen.findByRole('option', { name: 'Calea Victoriei' }));
    expect(last).toMatchObject({
      county_id: 40,
      city_id: 179132,
      street_id: 100,
      street: 'Calea Victoriei',
      postal_code: '010061',
    });
  });

  it('search ignores diacritics, case and word order', async () => {
    renderPicker();
    await waitFor(() => expect(box('County').disabled).toBe(false));
    await type(box('County'), 'IASI');
    await waitFor(() => expect(optionTexts()).toEqual(['Iași']));
    fireEvent.click(screen.getByRole('option', { name: 'Iași' }));
    // The select's own filter keeps what the server found by words in another order.
    await choose('County', 'bucuresti', 'București');
    await choose('City', 'BUCURESTI', 'București');
    await choose('Street', 'ion mincu', 'Strada Mincu Ion, arh.');
    expect(last).toMatchObject({ street_id: 101, postal_code: '' });
  });

  it('lists 100 options at most', async () => {
    renderPicker();
    await choose('County', 'arg', 'Argeș');
    await waitFor(() => expect(box('City').disabled).toBe(false));
    fireEvent.click(box('City'));
    await waitFor(() => expect(optionTexts().length).toBe(100));
    expect(calls.find((c) => c.pathname === '/api/v1/geo/localities')?.searchParams.get('limit')).toBe('100');
  });

  it('a saved address shows its names and computes the code again when the number changes', async () => {
    const saved: AddressValue = {
      county_id: 12,
      county: 'Cluj',
      city_id: 54984,
      city: 'Cluj-Napoca',
      street_id: 6493,
      street: 'Strada Zorilor',
      street_number: '3',
      postal_code: '400335',
    };
    renderPicker({ start: saved });
    await waitFor(() => expect(box('County').value).toBe('Cluj'));
    expect(box('City').value).toBe('Cluj-Napoca');
    expect(box('Street').value).toBe('Strada Zorilor');
    await waitFor(() =>
      expect(
        calls.some((c) => c.pathname === '/api/v1/geo/streets' && c.searchParams.get('search') === 'Strada Zorilor'),
      ).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.change(field('Number'), { target: { value: '46' } });
    await waitFor(() => expect(last.postal_code).toBe('400351'));
  });

  it('shows the field errors per part, and speaks Romanian', async () => {
    await i18n.changeLanguage('ro');
    const errors = addressErrorsFrom({
      county_id: ['Alegeți județul'],
      number: ['Introduceți numărul'],
      zip_code: ['Cod greșit'],
    });
    expect(errors).toEqual({
      county: 'Alegeți județul',
      street_number: 'Introduceți numărul',
      postal_code: 'Cod greșit',
    });
    renderPicker({ errors });
    expect(box('Județ')).toBeTruthy();
    expect(screen.getByText('Alegeți județul')).toBeTruthy();
    expect(screen.getByText('Introduceți numărul')).toBeTruthy();
    expect(screen.getByText('Cod greșit')).toBeTruthy();
    expect(field('Cod poștal').readOnly).toBe(true);
  });

  it('Sameday’s own locations: its call only, villages by commune, the street’s codes from its call; what the form needs to know', async () => {
    const facts: AddressFacts[] = [];
    renderPicker({ source: 'sameday', onFacts: (f) => facts.push(f) });
    await choose('County', 'arg', 'Argeș');
    fireEvent.click(box('City'));
    await waitFor(() => expect(optionTexts()).toContain('Lăzărești (Schitu Golești)'));
    await choose('County', 'cluj', 'Cluj');
    await choose('City', 'cluj', 'Cluj-Napoca');
    expect(facts.at(-1)).toEqual({ cityCodedByStreet: true, streetNeedsNumber: false });
    await choose('Street', 'zorilor', 'Strada Zorilor');
    // The street's ranges come from Sameday's call; until then a number is asked for.
    await waitFor(() =>
      expect(
        calls.some((c) => c.pathname === '/api/v1/sameday/geo-data' && c.searchParams.get('street_id') === '6493'),
      ).toBe(true),
    );
    expect(facts.at(-1)).toEqual({ cityCodedByStreet: true, streetNeedsNumber: true });
    fireEvent.change(field('Number'), { target: { value: '29' } });
    await waitFor(() => expect(last).toMatchObject({ street_id: 6493, street_number: '29', postal_code: '400351' }));
    expect(calls.filter((c) => c.pathname.startsWith('/api/v1/geo/'))).toEqual([]);
  });

  it('a street with one code needs no number; the asterisks follow the parts given', async () => {
    const facts: AddressFacts[] = [];
    renderPicker({ source: 'cargus', onFacts: (f) => facts.push(f), required: ['county', 'city'] });
    await choose('County', 'bucuresti', 'București');
    await choose('City', 'buc', 'București');
    await waitFor(() => expect(box('Street').disabled).toBe(false));
    await type(box('Street'), 'victoriei');
    fireEvent.click(await screen.findByRole('option', { name: 'Calea Victoriei' }, { timeout: 2000 }));
    await waitFor(() => expect(last.postal_code).toBe('010061'));
    expect(facts.at(-1)).toEqual({ cityCodedByStreet: true, streetNeedsNumber: false });
    const starred = screen.getAllByText('*').map((star) => star.closest('label')?.textContent?.replace(/\s*\*$/, ''));
    expect(starred).toEqual(['County', 'City']);
  });

  it('a courier’s failed location call: the spec’s texts', async () => {
    courierGeo = 'no-counties';
    renderPicker({ source: 'cargus' });
    expect(await screen.findByText('Invalid data format: missing counties data')).toBeTruthy();
    cleanup();
    courierGeo = 'fail';
    renderPicker({ source: 'sameday' });
    expect(await screen.findByText('Failed to fetch location data')).toBeTruthy();
  });
});

describe('a saved address with names only', () => {
  it('is looked up part by part; Bucharest’s sector is the city; what is not found stays to choose', async () => {
    expect(
      await resolveSavedAddress({ county: 'cluj', city: 'Cluj-Napoca', street: 'Strada Zorilor', street_number: '29' }),
    ).toEqual({
      county_id: 12,
      county: 'Cluj',
      city_id: 54984,
      city: 'Cluj-Napoca',
      street_id: 6493,
      street: 'Strada Zorilor',
      street_number: '29',
      postal_code: '400351',
    });
    expect(
      await resolveSavedAddress({
        county: 'București',
        city: 'Sector 1',
        street: 'Calea Victoriei',
        street_number: '12',
      }),
    ).toMatchObject({ county_id: 40, city_id: 179132, street_id: 100, postal_code: '010061' });
    // Two villages named Lăzărești in Argeș: a name alone does not choose.
    expect(await resolveSavedAddress({ county: 'Argeș', city: 'Lăzărești', street: 'Principală' })).toEqual({
      ...emptyAddress,
      county_id: 3,
      county: 'Argeș',
    });
    expect(await resolveSavedAddress({ county: 'Atlantida', city: 'X' })).toEqual(emptyAddress);
    // Ids saved: taken as they are, nothing asked.
    calls.length = 0;
    expect(
      await resolveSavedAddress({
        county_id: 12,
        county: 'Cluj',
        city_id: 54984,
        city: 'Cluj-Napoca',
        street_number: '7a',
        zip_code: '400335',
      }),
    ).toMatchObject({ county_id: 12, city_id: 54984, street_number: '7', postal_code: '400335' });
    expect(calls).toEqual([]);
  });
});
