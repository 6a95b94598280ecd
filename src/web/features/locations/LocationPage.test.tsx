// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SamedayLocations, SamedayPlace } from '../../../core/api/samedayLocations';
import address from '../../components/address/i18n';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import locations from './i18n';
import { LocationPage } from './LocationPage';

const place = (
  id: string,
  name: string,
  county: string,
  city: string,
  extra: Partial<SamedayPlace> = {},
): SamedayPlace => ({ id, name, address: `Strada ${id}`, county, city, postal_code: null, ...extra });
const points = [
  place('1', 'Depozit București', 'București', 'București', { is_default: true }),
  place('2', 'Depozit Cluj', 'Cluj', 'Cluj-Napoca'),
];
const lockers = [
  place('10', 'easybox Turda', 'Cluj', 'Turda', { postal_code: '401001' }),
  place('11', 'easybox Dej', 'Cluj', 'Dej', { postal_code: '405200' }),
];

const asked: URLSearchParams[] = [];
let refuse: { status: number; message: string } | null = null;

/** The server as the page sees it: narrows by the county and city it is asked. */
function answer(url: URL): SamedayLocations {
  const county = url.searchParams.get('county');
  const city = url.searchParams.get('city');
  const here = (p: SamedayPlace) => (!county || p.county === county) && (!city || p.city === city);
  const inCounty = county ? lockers.filter(here) : [];
  return {
    data: { pickup_points: points.filter(here), lockers: inCounty },
    meta: {
      counties: ['București', 'Cluj'],
      cities: county === 'Cluj' ? ['Cluj-Napoca', 'Dej', 'Turda'] : county ? [county] : [],
      lockers_total: inCounty.length,
    },
  };
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={qc}>
        <RouterProvider
          router={createMemoryRouter([
            { path: '/', element: <LocationPage /> },
            { path: '/integrations', element: <p>Integrations page</p> },
          ])}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const rowsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeAll(async () => {
  await prepareDom({ en: { common: common.en, locations: locations.en, address: address.en } }, 'locations');
});
beforeEach(() => {
  asked.length = 0;
  refuse = null;
  vi.stubGlobal(
    'fetch',
    vi.fn((u: string) => {
      const url = new URL(u, 'http://x');
      if (url.pathname === '/api/v1/sameday/locations') {
        asked.push(url.searchParams);
        if (refuse)
          return Promise.resolve(new Response(JSON.stringify({ message: refuse.message }), { status: refuse.status }));
        return Promise.resolve(new Response(JSON.stringify(answer(url)), { status: 200 }));
      }
      // The address lookup's lists.
      return Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 }));
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/sameday-location', () => {
  it('lists the pickup points, asks for a county before the lockers, then narrows both by county and city', async () => {
    renderPage();
    await waitFor(() => expect(rowsOf('pickup-points')).toHaveLength(2));
    expect(rowsOf('pickup-points')[0]).toContain('Depozit București');
    expect(rowsOf('pickup-points')[0]).toContain('Default');
    expect(within(screen.getByTestId('lockers')).getByText('Choose a county to see its lockers.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Filter by city' }).hasAttribute('disabled')).toBe(true);

    await choose('Filter by county', 'Cluj');
    await waitFor(() => expect(rowsOf('lockers')).toHaveLength(2));
    expect(asked.at(-1)?.get('county')).toBe('Cluj');
    expect(rowsOf('pickup-points')).toEqual([expect.stringContaining('Depozit Cluj')]);

    await choose('Filter by city', 'Turda');
    await waitFor(() => expect(rowsOf('lockers')).toEqual([expect.stringContaining('easybox Turda')]));
    expect(rowsOf('lockers')[0]).toContain('401001');
    expect(asked.at(-1)?.get('city')).toBe('Turda');
    expect(within(screen.getByTestId('pickup-points')).getByText('No pickup point in this place.')).toBeTruthy();
  });

  it("without a Sameday login shows the server's reason and the way to set Sameday up", async () => {
    refuse = { status: 409, message: 'Sameday is not set up for this company.' };
    renderPage();
    expect(await screen.findByText('Sameday is not set up for this company.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Set up Sameday' }));
    expect(await screen.findByText('Integrations page')).toBeTruthy();
  });

  it("a failure shows the server's message in a red block", async () => {
    refuse = { status: 502, message: 'Sameday is not available right now.' };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Sameday is not available right now.');
  });

  it('keeps the address lookup under the locations', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Address lookup' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sameday locations' })).toBeTruthy();
  });
});
