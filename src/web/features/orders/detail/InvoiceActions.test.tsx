// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '../../../../core/api/orders';
import { documentsKit, freshOrder, DAY, NOW, invoiceOf, type Answers, type Requests } from './test/documentsKit';
import { recordToasts } from '../../../test/toasts';

/** The documents section of the order page: the invoice's actions, storno and documents. */
const shown = recordToasts();

let order: Order;
let requests: Requests = [];
let answers: Answers = {};
const { renderAt, header, block, button, lastShown, posted } = documentsKit({
  state: () => ({ order, requests, answers }),
  setOrder: (next) => (order = next),
  reset: () => {
    order = freshOrder();
    requests = [];
    answers = {};
  },
  shown,
});

describe('invoice', () => {
  it('create: the notice names the invoice; cancel and delete ask for confirmation first', async () => {
    renderAt('/orders/42');
    await header();
    fireEvent.click(button('Create invoice'));
    await waitFor(() => expect(lastShown()).toBe('Invoice SB 12 issued'));
    expect(posted('/api/v1/order/42/create-invoice')).toHaveLength(1);
    await waitFor(() => expect(block('createInvoice')).toBe('hasInvoice'));
    answers['POST /api/v1/order/42/cancel-invoice'] = {
      status: 409,
      body: { message: 'SmartBill refused: the invoice is paid.' },
    };
    fireEvent.click(button('Cancel invoice'));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('Cancel invoice SB 12?')).toBeTruthy();
    expect(posted('/api/v1/order/42/cancel-invoice')).toHaveLength(0);
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel invoice' }));
    expect(await within(d).findByText('SmartBill refused: the invoice is paid.')).toBeTruthy();
    // Dismissed with Back: "Cancel" beside "Cancel invoice" would read as the same choice.
    expect(within(d).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(d).getByRole('button', { name: 'Back' }));
    fireEvent.click(button('Delete invoice'));
    expect(await screen.findByText('Delete invoice SB 12?')).toBeTruthy();
    expect(posted('/api/v1/order/42/delete-invoice')).toHaveLength(0);
  });

  it('a refused create shows the server’s message', async () => {
    answers['POST /api/v1/order/42/create-invoice'] = {
      status: 422,
      body: { message: 'SmartBill is not set up and active for this company.' },
    };
    renderAt('/orders/42');
    await header();
    fireEvent.click(button('Create invoice'));
    await waitFor(() => expect(lastShown()).toBe('SmartBill is not set up and active for this company.'));
    expect(shown.at(-1)?.color).toBe('red');
  });

  it('storno: No products selected; sends only the chosen lines; shows what was reversed before', async () => {
    order = {
      ...order,
      bill_number: 'SB 12',
      invoice: invoiceOf(NOW - 2 * DAY, [1, 0, 0]),
      status: 'partially_storno',
    };
    renderAt('/orders/42');
    await header();
    fireEvent.click(button('Storno'));
    const d = await screen.findByRole('dialog');
    // Cană was reversed already: shown, not offered.
    expect(within(d).getByTestId('storno-reversed-1').textContent).toBe('1');
    expect((within(d).getByRole('checkbox', { name: 'Reverse Cană' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(d).getByText('Fully reversed')).toBeTruthy();
    expect(within(d).getByText(/SB 13/)).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: 'Issue storno invoice' }));
    expect(await within(d).findByText('No products selected')).toBeTruthy();
    expect(posted('/api/v1/order/42/storno-invoice')).toHaveLength(0);
    fireEvent.click(within(d).getByRole('checkbox', { name: 'Reverse Tricou M' }));
    fireEvent.click(within(d).getByRole('checkbox', { name: 'Reverse Șosete' }));
    fireEvent.change(within(d).getByRole('textbox', { name: 'Quantity of Șosete to reverse' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(d).getByRole('button', { name: 'Issue storno invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted('/api/v1/order/42/storno-invoice')[0].body).toEqual({
      order_products: [
        { id: 2, quantity: 2 },
        { id: 3, quantity: 2 },
      ],
    });
    expect(lastShown()).toBe('Storno invoice issued');
  });

  it('a storno is visible: every invoice document with its signed amount, each downloaded on its own; the lines and the summary say what was reversed', async () => {
    order = {
      ...order,
      bill_number: 'SB 12',
      status: 'processing',
      invoice_status: 'partially_storno',
      invoice: invoiceOf(NOW - 2 * DAY, [1, 0, 0]),
      invoice_documents: [
        {
          id: 31,
          kind: 'invoice',
          series: 'SB',
          number: '12',
          status: 'partially_storno',
          reverses: null,
          full_reversal: false,
          issued_at: NOW - 2 * DAY,
          total: 116,
          currency: 'RON',
        },
        {
          id: 32,
          kind: 'storno',
          series: 'SB',
          number: '13',
          status: 'issued',
          reverses: 'SB 12',
          full_reversal: false,
          issued_at: NOW - DAY,
          total: -10.1,
          currency: 'RON',
        },
      ],
    };
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderAt('/orders/42');
      await header();
      // The status the order reached stays, the invoice's state beside it.
      expect(screen.getByText('Processing')).toBeTruthy();
      expect(screen.getByTestId('invoice-status-badge').textContent).toBe('Partially reversed');
      const docs = screen.getByTestId('invoice-documents');
      const storno = within(docs).getByTestId('invoice-document-SB-13');
      expect(storno.textContent).toContain('Partial storno invoice');
      expect(storno.textContent).toContain('reverses SB 12');
      expect(within(storno).getByTestId('invoice-document-total').textContent).toBe('-10.10 RON');
      expect(
        within(within(docs).getByTestId('invoice-document-SB-12')).getByTestId('invoice-document-total').textContent,
      ).toBe('116.00 RON');
      // The lines: one Cană taken back; the summary: invoiced, reversed, net.
      expect(screen.getByTestId('reversed-1').textContent).toBe('1 reversed');
      expect(screen.queryByTestId('reversed-2')).toBeNull();
      expect(screen.getByTestId('summary-invoiced').textContent).toBe('116.00 RON');
      expect(screen.getByTestId('summary-reversed').textContent).toBe('-10.10 RON');
      expect(screen.getByTestId('summary-net').textContent).toBe('105.90 RON');

      answers['GET /api/v1/order/42/download-invoice'] = {
        status: 200,
        body: '%PDF-1.4',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="Storno-SB-13.pdf"',
        },
      };
      fireEvent.click(within(storno).getByRole('button', { name: 'Download SB 13' }));
      await waitFor(() => expect(saved).toEqual(['Storno-SB-13.pdf']));
      const asked = requests.filter((r) => r.path === '/api/v1/order/42/download-invoice');
      expect(asked.map((r) => r.query)).toEqual(['?document=32']);
    } finally {
      click.mockRestore();
    }
  });
});
