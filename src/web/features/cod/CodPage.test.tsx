// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import type { CodDifference, CodImportResult, CodImportRow, CodMatch } from '../../../core/api/cod';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import { CodPage } from './CodPage';
import cod from './i18n';

const row = (line: number, match: CodMatch, extra: Partial<CodImportRow> = {}): CodImportRow => ({
  line,
  awb: `80000000${line}`,
  amount: 120,
  fee: 0,
  date: '2026-03-05',
  reference: 'OP-1',
  match,
  expected: match === 'exact' ? 120 : null,
  order_id: match === 'exact' ? 7 : null,
  problem: null,
  problem_message: null,
  problem_text: null,
  saved: false,
  ...extra,
});

const unreadableRow = row(3, 'unreadable', {
  awb: '800000003',
  amount: null,
  problem: 'cod_row_amount',
  problem_message: 'The amount is not a number with at most two decimals (at most 10,000,000).',
  problem_text: 'abc',
});

function resultOf(rows: CodImportRow[], preview: boolean): CodImportResult {
  const counts = {
    exact: 0,
    amount_differs: 0,
    not_ours: 0,
    paid_twice: 0,
    already_recorded: 0,
    duplicate_row: 0,
    unreadable: 0,
  } as Record<CodMatch, number>;
  for (const r of rows) counts[r.match]++;
  const saved = preview ? 0 : rows.filter((r) => r.match === 'exact').length;
  return {
    preview,
    needs_confirmation: preview && counts.unreadable > 0,
    courier: 'dpd',
    rows: rows.map((r) => ({ ...r, saved: !preview && r.match === 'exact' })),
    counts,
    saved,
  };
}

/** The import calls the page made: the query and the form's fields. */
const imports: { preview: boolean; fields: Record<string, string> }[] = [];
let fileRows: CodImportRow[] = [];
/** What the differences list and the settings answer. */
let differences: CodDifference[] = [];
let unpaidDays = 10;
/** The company's integration set-ups (none unless a test gives some). */
let setups: { key: string; type: string; emulated: boolean }[] = [];

const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

beforeAll(async () => {
  await prepareDom({ en: { common: common.en, cod: cod.en }, ro: { common: common.ro, cod: cod.ro } }, 'cod');
});
beforeEach(() => {
  imports.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((u: string, init?: RequestInit) => {
      const url = new URL(u, 'http://x');
      if (url.pathname === '/api/v1/cod/import') {
        const form = init!.body as FormData;
        const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<
          string,
          string
        >;
        const preview = url.searchParams.get('preview') === '1';
        imports.push({ preview, fields });
        const unreadable = fileRows.some((r) => r.match === 'unreadable');
        // The server's rule: a file with an unreadable row is saved only with accept_unreadable=1.
        return json({ data: resultOf(fileRows, preview || (unreadable && fields.accept_unreadable !== '1')) });
      }
      if (url.pathname === '/api/v1/cod/summary')
        return json({
          data: {
            from: '2026-03-01',
            to: '2026-03-31',
            currency: 'RON',
            couriers: [],
            total: { parcels: 0, collected: 0, paid_out: 0, fees: 0, owed: 0, differences: 0 },
          },
        });
      if (url.pathname === '/api/v1/cod/unpaid')
        return json({ data: [], meta: { total: 0, last_page: 1, current_page: 1 } });
      if (url.pathname === '/api/v1/cod/settings') return json({ data: { unpaid_days: unpaidDays } });
      if (url.pathname === '/api/v1/cod/differences') return json({ data: differences });
      if (url.pathname === '/api/v1/company-integration') return json({ data: setups });
      return json({ data: [] });
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(async () => {
  cleanup();
  differences = [];
  unpaidDays = 10;
  setups = [];
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

async function previewFile(courierLabel: string, previewLabel: string) {
  renderRoutes([{ path: '/cod', element: <CodPage /> }], '/cod');
  fireEvent.click(await screen.findByRole('combobox', { name: courierLabel }));
  fireEvent.click(await screen.findByRole('option', { name: 'DPD' }));
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['awb,amount,date,reference'], 'decont.csv')] } });
  const preview = screen.getByRole('button', { name: previewLabel });
  await waitFor(() => expect(preview.hasAttribute('disabled')).toBe(false));
  fireEvent.click(preview);
  await screen.findByTestId('cod-preview');
}

describe('/cod: importing a settlement file', () => {
  it('counts the payments saved and recorded as each language does (Romanian: 1 plată, 2–19 plăți, 20 de plăți)', () => {
    const ro = i18n.getFixedT('ro', 'cod');
    expect([1, 2, 19, 20, 101, 120].map((count) => ro('imported', { count }))).toEqual([
      '1 plată salvată.',
      '2 plăți salvate.',
      '19 plăți salvate.',
      '20 de plăți salvate.',
      '101 plăți salvate.',
      '120 de plăți salvate.',
    ]);
    expect(ro('synced', { count: 1 })).toBe('Curierii au fost întrebați: 1 plată nouă înregistrată.');
    expect(ro('synced', { count: 25 })).toBe('Curierii au fost întrebați: 25 de plăți noi înregistrate.');
    const en = i18n.getFixedT('en', 'cod');
    expect([1, 2].map((count) => en('imported', { count }))).toEqual(['1 payment saved.', '2 payments saved.']);
    expect(en('synced', { count: 1 })).toBe('The couriers were asked: 1 new payment recorded.');
  });

  it('lists the unreadable rows and saves the others only when the user confirms', async () => {
    fileRows = [row(2, 'exact'), unreadableRow];
    await previewFile('Courier', 'Preview');
    expect(imports).toEqual([{ preview: true, fields: expect.objectContaining({ accept_unreadable: '0' }) }]);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('1 row cannot be read')).toBeTruthy();
    expect(alert.textContent).toContain('Nothing of this file is saved yet.');
    const listed = within(screen.getByTestId('cod-unreadable')).getAllByRole('row').slice(1);
    expect(listed.map((r) => r.textContent)).toEqual([
      '3The amount is not a number with at most two decimals (at most 10,000,000).abc',
    ]);
    // The plain save is not offered: the one button says the unreadable rows are left out.
    expect(screen.queryByRole('button', { name: 'Save the matched rows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save the matched rows without the unreadable ones' }));
    expect(await screen.findByText('1 payment saved.')).toBeTruthy();
    expect(imports[1]).toEqual({ preview: false, fields: expect.objectContaining({ accept_unreadable: '1' }) });
  });

  it('a file whose every row is readable is saved as before, without accepting unreadable rows', async () => {
    fileRows = [row(2, 'exact'), row(3, 'not_ours')];
    await previewFile('Courier', 'Preview');
    expect(screen.queryByTestId('cod-unreadable')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save the matched rows' }));
    expect(await screen.findByText('1 payment saved.')).toBeTruthy();
    expect(imports[1]).toEqual({ preview: false, fields: expect.objectContaining({ accept_unreadable: '0' }) });
  });

  it('in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    fileRows = [row(2, 'exact'), unreadableRow, { ...unreadableRow, line: 4 }];
    await previewFile('Curier', 'Previzualizează');
    expect(within(screen.getByRole('alert')).getByText('2 rânduri nu pot fi citite')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Salvează rândurile potrivite fără cele care nu pot fi citite' }),
    );
    expect(await screen.findByText('1 plată salvată.')).toBeTruthy();
    expect(imports[1].fields.accept_unreadable).toBe('1');
  });
});

describe('/cod: days and counts in the language of the page', () => {
  const difference: CodDifference = {
    order_id: 7,
    courier: 'dpd',
    awb: '800000009',
    expected: 120,
    paid: 100,
    fee: 0,
    paid_on: '2026-12-01',
    reference: 'OP-9',
  };
  const differenceCells = async () =>
    within((await screen.findAllByTestId('cod-differences'))[0])
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);

  it('writes the day of a differing payment and of a file row as 1 Dec 2026, and one day in the singular', async () => {
    differences = [difference];
    unpaidDays = 1;
    fileRows = [row(2, 'exact', { date: '2026-12-01' })];
    await previewFile('Courier', 'Preview');
    expect((await differenceCells())[0]).toContain('1 Dec 2026');
    expect((await differenceCells())[0]).not.toContain('2026-12-01');
    const preview = within(screen.getByTestId('cod-preview')).getAllByRole('row').slice(1);
    expect(preview[0].textContent).toContain('1 Dec 2026');
    expect(await screen.findByText('Delivered and not paid after 1 day')).toBeTruthy();
  });

  it('in Romanian: 01.12.2026, and 1 zi, 2 zile, 20 de zile', async () => {
    await i18n.changeLanguage('ro');
    differences = [difference];
    unpaidDays = 1;
    fileRows = [row(2, 'exact', { date: '2026-12-01' })];
    await previewFile('Curier', 'Previzualizează');
    expect((await differenceCells())[0]).toContain('01.12.2026');
    const preview = within(screen.getByTestId('cod-preview')).getAllByRole('row').slice(1);
    expect(preview[0].textContent).toContain('01.12.2026');
    expect(await screen.findByText('Livrate și neplătite după 1 zi')).toBeTruthy();
    const ro = i18n.getFixedT('ro', 'cod');
    expect([2, 19, 20].map((count) => ro('unpaid', { count }))).toEqual([
      'Livrate și neplătite după 2 zile',
      'Livrate și neplătite după 19 zile',
      'Livrate și neplătite după 20 de zile',
    ]);
    expect(i18n.getFixedT('en', 'cod')('unpaid', { count: 10 })).toBe('Delivered and not paid after 10 days');
  });

  it('a day the file held that is no day is shown as written', async () => {
    fileRows = [row(2, 'unreadable', { date: '31.02.2026', problem_message: 'No such day.' })];
    await previewFile('Courier', 'Preview');
    const preview = within(screen.getByTestId('cod-preview')).getAllByRole('row').slice(1);
    expect(preview[0].textContent).toContain('31.02.2026');
  });
});

describe('/cod: emulated couriers', () => {
  it('says the couriers are emulated when a courier set-up is, in both languages', async () => {
    setups = [
      { key: 'smartbill', type: 'invoice', emulated: true },
      { key: 'cargus', type: 'courier', emulated: true },
    ];
    renderRoutes([{ path: '/cod', element: <CodPage /> }], '/cod');
    expect((await screen.findByTestId('cod-emulated')).textContent).toBe(
      'Couriers are emulated here: payments arrive a few days after delivery.',
    );
    cleanup();
    await i18n.changeLanguage('ro');
    renderRoutes([{ path: '/cod', element: <CodPage /> }], '/cod');
    expect((await screen.findByTestId('cod-emulated')).textContent).toBe(
      'Curierii sunt emulați aici: plățile sosesc la câteva zile după livrare.',
    );
  });

  it('says nothing of emulators for live couriers, or when only another kind is emulated', async () => {
    setups = [
      { key: 'cargus', type: 'courier', emulated: false },
      { key: 'smartbill', type: 'invoice', emulated: true },
    ];
    renderRoutes([{ path: '/cod', element: <CodPage /> }], '/cod');
    await screen.findByRole('heading', { name: 'Cash on delivery' });
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/api/v1/company-integration'))).toBe(true),
    );
    // The set-ups have answered: let React Query hand them to the page and the page render them.
    for (let i = 0; i < 3; i++) await act(() => Promise.resolve());
    expect(screen.queryByTestId('cod-emulated')).toBeNull();
  });
});
