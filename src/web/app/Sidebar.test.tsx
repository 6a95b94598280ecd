// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { common } from '../components/i18n';
import { prepareDom } from '../test/dom';
import { renderRoutes } from '../test/render';
import { Sidebar } from './Sidebar';

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Sidebar', () => {
  it('links the Sameday locations page under Integrations', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [], meta: { total: 0 } }), { status: 200 }))),
    );
    renderRoutes([{ path: '*', element: <Sidebar onLogout={() => {}} /> }], '/sameday-location');
    const link = await screen.findByRole('link', { name: 'Sameday locations' });
    expect(link.getAttribute('href')).toBe('/sameday-location');
    expect(link.getAttribute('data-active')).toBe('true');
    const names = screen.getAllByRole('link').map((a) => a.textContent);
    expect(names.indexOf('Sameday locations')).toBe(names.indexOf('Integrations') + 1);
  });
});
