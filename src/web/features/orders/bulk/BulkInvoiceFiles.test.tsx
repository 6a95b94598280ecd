// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkJob } from '../../../../core/api/orderBulk';
import { common } from '../../../components/i18n';
import { session } from '../../../lib/session';
import { prepareDom } from '../../../test/dom';
import { renderRoutes } from '../../../test/render';
import { BulkJobPanel } from './BulkJobPanel';
import orderBulk from './i18n';

const saved: { name: string; type: string }[] = [];
vi.mock('../../../lib/download', () => ({
  saveFile: (blob: Blob, name: string) => saved.push({ name, type: blob.type }),
}));

const shown: unknown[] = [];
vi.mock('@mantine/notifications', () => ({ notifications: { show: (n: unknown) => shown.push(n) } }));

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, orderBulk: orderBulk.en }, ro: { common: common.ro, orderBulk: orderBulk.ro } },
    'common',
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  saved.length = 0;
  await i18n.changeLanguage('en');
});

const job = (action: BulkJob['action']): BulkJob =>
  ({
    id: 12,
    action,
    status: 'done',
    total: 2,
    done: 2,
    skipped: 0,
    failed: 0,
    created_at: 1_800_000_000,
    items: [
      { order_id: 1, outcome: 'done', reason: null, bill_number: 'FCT 0001' },
      { order_id: 2, outcome: 'done', reason: null, bill_number: 'FCT 0002' },
    ],
  }) as BulkJob;

let asked: string[];
function show(action: BulkJob['action']) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const url = new URL(input, 'http://x');
      if (url.pathname === '/api/v1/order-bulk/12') return new Response(JSON.stringify({ data: job(action) }));
      if (url.pathname === '/api/v1/order-bulk/12/invoices') {
        const zip = url.searchParams.get('format') === 'zip';
        return new Response(zip ? 'PK' : '%PDF-', {
          headers: {
            'Content-Type': zip ? 'application/zip' : 'application/pdf',
            'Content-Disposition': `attachment; filename="invoices-12.${zip ? 'zip' : 'pdf'}"`,
          },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
  renderRoutes([{ path: '*', element: <BulkJobPanel id={12} onClose={() => {}} /> }], '/orders');
}

describe('the report of a bulk invoice job', () => {
  it('offers its invoices as one PDF and as a ZIP, and downloads each', async () => {
    show('invoice');
    fireEvent.click(await screen.findByRole('button', { name: 'Invoices in one PDF' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'invoices-12.pdf', type: 'application/pdf' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Invoices as a ZIP (one file each)' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['invoices-12.pdf', 'invoices-12.zip']));
    expect(saved[1].type).toBe('application/zip');
    expect(shown).toEqual([]);
    expect(asked.filter((u) => u.includes('/invoices'))).toEqual([
      '/api/v1/order-bulk/12/invoices?format=pdf',
      '/api/v1/order-bulk/12/invoices?format=zip',
    ]);
  });

  it('offers no invoices for a job of another kind', async () => {
    show('labels');
    expect(await screen.findByRole('button', { name: 'Print merged labels' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invoices in one PDF' })).toBeNull();
  });

  it('in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    show('invoice');
    expect(await screen.findByRole('button', { name: 'Facturile într-un PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Facturile într-o arhivă ZIP (câte un fișier)' })).toBeTruthy();
  });
});

describe('the picking list of a finished job', () => {
  it('is offered for a job whose orders are packed, never for a status change (nothing to pack)', async () => {
    show('labels');
    expect(await screen.findByRole('button', { name: 'Picking list (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Picking list (CSV)' })).toBeTruthy();
    cleanup();
    show('status');
    // The report is on screen (its counts) before the buttons are looked for.
    expect(await screen.findByText('2 done, 0 skipped, 0 failed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Picking list/ })).toBeNull();
  });
});
