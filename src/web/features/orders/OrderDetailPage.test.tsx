// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { renderRoutes } from '../../test/render';
import { prepareDom } from '../../test/dom';
import orders from './i18n';
import { OrderDetailPage } from './OrderDetailPage';
import type { Order } from '../../../core/api/orders';
import { recordToasts } from '../../test/toasts';

const shown = recordToasts();

/** A small in-memory order server answering like the orders API. */
let order: Order;
let requests: { method: string; path: string; body: unknown }[] = [];
let flagAnswer = 201;
let cancelAnswer: { status: number; body: unknown } = { status: 200, body: {} };

function freshOrder(): Order {
  return {
    id: 42,
    company_id: 5,
    source_id: null,
    source: null,
    status: 'new',
    invoice_status: 'none',
    courier: null,
    courier_status: null,
    awb: null,
    bill_number: null,
    value: 101,
    discount: 0,
    client_shipping_cost: 15,
    total_value: 116,
    created_at: 1_763_900_000,
    updated_at: 1_763_900_000,
    observations: 'null',
    details: null,
    payment_method: 'cash_on_delivery',
    coupon_code: null,
    customer_detail: {
      customer_id: 7,
      name: 'Ana Pop',
      phone_number: '+40744123456',
      email: '',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      address: 'undefined',
      county_id: null,
      city_id: null,
      street: null,
      street_id: null,
      street_number: null,
      zip_code: null,
      // What older records hold: the literal texts and a missing value read as a dash.
      company_name: null,
      vat_number: 'null',
      company_address: undefined as unknown as null,
      company_city: '',
      company_county: null,
      flags: [
        { reason: 'Refused a parcel', created_at: 1_760_000_000, flagged_by_company_id: null, by_this_company: false },
      ],
    },
    order_products: [
      {
        id: 1,
        product_id: 4,
        quantity: 1,
        product: { name: 'Cană', sku: 'CN', selling_price: 10.1, currency: 'RON' },
        value: 10.1,
      },
      {
        id: 2,
        product_id: 7,
        quantity: 2,
        product: { name: 'Tricou M', sku: 'TR-M', selling_price: 45.45, currency: 'RON' },
        value: 90.9,
      },
    ],
    applied_discounts: [],
    history: [
      {
        id: 1,
        type: 'created',
        data: {
          lines: [
            { sku: 'CN', quantity: 1 },
            { sku: 'TR-M', quantity: 2 },
          ],
        },
        created_at: 1_763_900_000,
        user: { id: 1, name: 'Maria Dumitrescu' },
      },
    ],
    awb_state: null,
    awb_candidates: [],
    invoice_state: null,
    invoice: null,
    invoice_documents: [],
  };
}

function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://x');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  requests.push({ method, path: url.pathname, body });
  const json = (status: number, b: unknown) => Promise.resolve(new Response(JSON.stringify(b), { status }));
  const p = url.pathname;
  if (method === 'GET' && p === '/api/v1/order/42') return json(200, order);
  if (method === 'GET' && p === '/api/v1/order/404') return json(404, { message: 'Not found' });
  if (method === 'GET' && p === '/api/v1/product')
    return json(200, { data: [], meta: { total: 0, last_page: 1, current_page: 1, per_page: 100 } });
  if (p === '/api/v1/order/42/cancel') {
    if (cancelAnswer.status === 200) order = { ...order, status: 'cancelled' };
    return json(cancelAnswer.status, cancelAnswer.body);
  }
  if (p === '/api/v1/order/42/uncancel') {
    order = { ...order, status: 'new' };
    return json(200, {});
  }
  if (p === '/api/v1/customer/7/flag' && method === 'POST') {
    if (flagAnswer === 201)
      order = {
        ...order,
        customer_detail: {
          ...order.customer_detail!,
          flags: [
            ...order.customer_detail!.flags!,
            { reason: body.reason, created_at: 1_764_000_000, flagged_by_company_id: 5, by_this_company: true },
          ],
        },
      };
    return json(flagAnswer, flagAnswer === 409 ? { message: 'Your company has already flagged this customer.' } : {});
  }
  if (p === '/api/v1/customer/7/flag' && method === 'DELETE') {
    order = {
      ...order,
      customer_detail: {
        ...order.customer_detail!,
        flags: order.customer_detail!.flags!.filter((f) => !f.by_this_company),
      },
    };
    return json(200, {});
  }
  const line = /^\/api\/v1\/order-product\/(\d+)$/.exec(p);
  if (line && method === 'POST') {
    order = {
      ...order,
      order_products: order.order_products!.map((l) =>
        l.id === Number(line[1]) ? { ...l, quantity: body.quantity } : l,
      ),
    };
    return json(200, {});
  }
  if (line && method === 'DELETE') {
    order = { ...order, order_products: order.order_products!.filter((l) => l.id !== Number(line[1])) };
    return json(200, {});
  }
  if (p === '/api/v1/applied-discount/42/add') return json(201, {});
  if (p === '/api/v1/customer-detail/42') {
    order = { ...order, customer_detail: { ...order.customer_detail!, ...body } };
    return json(200, {});
  }
  return json(404, { message: `No route ${method} ${p}` });
}

const renderAt = (url: string) =>
  renderRoutes(
    [
      { path: '/orders/:id', element: <OrderDetailPage /> },
      { path: '/orders', element: <p>orders list</p> },
    ],
    url,
  );

const orderFetches = () => requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/order/42').length;
const header = () => screen.findByRole('heading', { name: 'Order #42' });

// Whole screens in jsdom on a shared 2-core machine: seconds per test under load.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await prepareDom({ en: { common: common.en, orders: orders.en } }, 'common');
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});
beforeEach(() => {
  order = freshOrder();
  requests = [];
  shown.length = 0;
  flagAnswer = 201;
  cancelAnswer = { status: 200, body: {} };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderDetailPage', () => {
  it('header: id, status badge, date, and Back returns to the saved list page', async () => {
    const router = renderAt('/orders/42?fromPage=3');
    await header();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getByText(/^Created .*2025/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('on a phone each line is a card with its price, quantity controls and remove button', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...wide(q), matches: q.includes('max-width') })) as typeof window.matchMedia;
    try {
      renderAt('/orders/42');
      await header();
      const lines = within(screen.getByTestId('products-section'));
      expect(lines.queryByRole('table')).toBeNull();
      const cards = lines.getAllByRole('listitem');
      expect(cards).toHaveLength(order.order_products!.length);
      const first = within(cards[0]!);
      const l = order.order_products![0]!;
      expect(first.getByText(l.product.name)).toBeTruthy();
      expect(first.getByText(l.product.sku)).toBeTruthy();
      expect(first.getByText(/RON$/)).toBeTruthy();
      for (const name of [`Increase the quantity of ${l.product.name}`, `Remove ${l.product.name}`])
        expect(first.getByRole('button', { name })).toBeTruthy();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('the header names the order’s source and the customer shows the postal code', async () => {
    order.source = 'eMAG';
    order.customer_detail!.zip_code = '400335';
    renderAt('/orders/42');
    await header();
    expect(screen.getByTestId('order-source').textContent).toBe('Source: eMAG');
    expect(screen.getByTestId('customer-postal-code').textContent).toBe('400335');
    // An order typed in the console has no shop number: no line for it.
    expect(screen.queryByTestId('order-external-id')).toBeNull();
  });

  it("the header shows the shop's order number of an order that arrived by itself", async () => {
    order.source = 'Magazin online';
    order.external_id = 'WC-1001';
    renderAt('/orders/42');
    await header();
    expect(screen.getByTestId('order-external-id').textContent).toBe('Order number in the shop: WC-1001');
  });

  it('empty, null and undefined customer and company values read as a dash', async () => {
    renderAt('/orders/42');
    await header();
    const customer = screen.getByTestId('customer-section');
    const company = screen.getByTestId('company-section');
    // email '', address 'undefined', observations 'null', details null
    expect(within(customer).getAllByLabelText('Empty')).toHaveLength(4);
    expect(within(company).getAllByLabelText('Empty')).toHaveLength(5);
    expect(within(customer).getByText('Ana Pop')).toBeTruthy();
  });

  it('a click-to-edit field sends only that field to customer-detail, then the order is fetched again', async () => {
    renderAt('/orders/42');
    await header();
    const before = orderFetches();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Address' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), { target: { value: 'Strada Zorilor 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Strada Zorilor 12');
    expect(requests.find((r) => r.path === '/api/v1/customer-detail/42')!.body).toEqual({
      address: 'Strada Zorilor 12',
    });
    expect(orderFetches()).toBeGreaterThan(before);
  });

  it('cancel: confirmation, then flag or skip when this company has not flagged the customer (Skip cancels only)', async () => {
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Skip, just cancel' }));
    await screen.findByText('Cancelled');
    expect(requests.some((r) => r.path.endsWith('/flag'))).toBe(false);
    expect(requests.filter((r) => r.path === '/api/v1/order/42/cancel')).toHaveLength(1);
    // Cancelled: Restore instead of Cancel.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore order' })).toBeTruthy();
  });

  it('cancel: Flag and cancel sends the flag with its reason, then cancels', async () => {
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Refused the parcel' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Flag and cancel the order' }));
    await screen.findByText('Cancelled');
    const flag = requests.find((r) => r.path === '/api/v1/customer/7/flag')!;
    expect(flag.body).toEqual({ reason: 'Refused the parcel', order_id: 42 });
    const i = requests.indexOf(flag);
    expect(requests.findIndex((r) => r.path === '/api/v1/order/42/cancel')).toBeGreaterThan(i);
  });

  it('cancel goes straight through when this company already flagged the customer', async () => {
    order.customer_detail!.flags!.push({
      reason: 'Ours',
      created_at: 1_761_000_000,
      flagged_by_company_id: 5,
      by_this_company: true,
    });
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    await screen.findByText('Cancelled');
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
  });

  it('a refused cancel shows the server reason in the confirmation', async () => {
    order.customer_detail!.flags = [{ reason: 'Ours', created_at: 1, flagged_by_company_id: 5, by_this_company: true }];
    cancelAnswer = {
      status: 409,
      body: { message: 'The order has an AWB: delete the AWB before cancelling the order.' },
    };
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('The order has an AWB: delete the AWB before cancelling the order.')).toBeTruthy();
  });

  it('restore asks for confirmation, then restores', async () => {
    order.status = 'cancelled';
    renderAt('/orders/42');
    await header();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore order' }));
    expect(requests.some((r) => r.path.endsWith('/uncancel'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await screen.findByText('New');
    expect(requests.filter((r) => r.path === '/api/v1/order/42/uncancel')).toHaveLength(1);
  });

  it('Cancel is hidden for an order with an AWB or an invoice', async () => {
    order.bill_number = 'SB-12';
    renderAt('/orders/42');
    await header();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore order' })).toBeNull();
  });

  it('the Flag dialog: a 409 counts as success; without a customer id, Customer ID is required', async () => {
    flagAnswer = 409;
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Flag customer' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reason' }), { target: { value: 'again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Flag' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull());
    expect(shown.at(-1)).toEqual({ color: 'blue', message: 'Your company already flagged this customer' });

    cleanup();
    (order.customer_detail as { customer_id: number | null }).customer_id = null;
    requests = [];
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Flag customer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Flag' }));
    expect(await screen.findByText('Customer ID is required')).toBeTruthy();
    expect(requests.some((r) => r.path.endsWith('/flag'))).toBe(false);
  });

  it('plus and minus change a line; minus at 1 asks to remove the line instead', async () => {
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Increase the quantity of Tricou M' }));
    await waitFor(() => expect(screen.getByTestId('qty-2').textContent).toBe('3'));
    expect(requests.find((r) => r.path === '/api/v1/order-product/2')!.body).toEqual({ quantity: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Decrease the quantity of Cană' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Remove Cană from the order\?/)).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/v1/order-product/1')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('qty-1')).toBeNull());
    expect(requests.find((r) => r.path === '/api/v1/order-product/1')!.method).toBe('DELETE');
  });

  it('an invoiced or shipped order shows why its products and discounts are fixed, and offers no change', async () => {
    for (const [field, reason] of [
      ['bill_number', /has an invoice: its products and discounts can no longer change/],
      ['awb', /has an AWB \(its parcel and cash on delivery are at the courier\)/],
    ] as const) {
      cleanup();
      order.bill_number = field === 'bill_number' ? 'FCT 0001' : null;
      order.awb = field === 'awb' ? '1234567890' : null;
      renderAt('/orders/42');
      await header();
      expect(screen.getByTestId('lines-locked').textContent).toMatch(reason);
      expect(screen.getByTestId('discounts-locked').textContent).toMatch(reason);
      for (const name of [
        'Increase the quantity of Tricou M',
        'Decrease the quantity of Cană',
        'Add product',
        'Add discount',
      ]) {
        expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
      }
    }
  });

  it('a cancelled order offers no change of products or discounts, no invoice and no AWB, and says why', async () => {
    order.status = 'cancelled';
    renderAt('/orders/42');
    await header();
    const reason = /The order is cancelled: restore it before changing its products or discounts/;
    expect(screen.getByTestId('lines-locked').textContent).toMatch(reason);
    expect(screen.getByTestId('discounts-locked').textContent).toMatch(reason);
    for (const name of [
      'Increase the quantity of Tricou M',
      'Decrease the quantity of Cană',
      'Add product',
      'Add discount',
      'Create invoice',
      'Create AWB',
    ]) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    }
  });

  it('the cancel and restore confirmations are dismissed with Back, never a second Cancel', async () => {
    order.customer_detail!.flags = [{ reason: 'Ours', created_at: 1, flagged_by_company_id: 5, by_this_company: true }];
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const d = await screen.findByRole('dialog');
    expect(within(d).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(d).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.path.endsWith('/cancel'))).toBe(false);
    cleanup();
    order.status = 'cancelled';
    renderAt('/orders/42');
    await header();
    fireEvent.click(screen.getByRole('button', { name: 'Restore order' }));
    const r = await screen.findByRole('dialog');
    expect(within(r).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(r).getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('a customer this company flagged offers Remove flag instead of Flag customer, confirmed first', async () => {
    order.customer_detail!.flags = [
      { reason: 'Ours', created_at: 1, flagged_by_company_id: 5, by_this_company: true },
      { reason: 'Theirs', created_at: 2, flagged_by_company_id: null, by_this_company: false },
    ];
    renderAt('/orders/42');
    await header();
    const customer = screen.getByTestId('customer-section');
    expect(within(customer).queryByRole('button', { name: 'Flag customer' })).toBeNull();
    fireEvent.click(within(customer).getByRole('button', { name: 'Remove flag' }));
    const d = await screen.findByRole('dialog');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(d).getByRole('button', { name: 'Remove flag' }));
    await within(customer).findByRole('button', { name: 'Flag customer' });
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/customer/7/flag']);
  });

  it('add discount: without a value, Please provide valid inputs; then the spec body', async () => {
    renderAt('/orders/42');
    await header();
    expect(screen.getAllByText('No discounts applied')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add discount' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please provide valid inputs')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Value' }), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Percentage' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/v1/applied-discount/42/add')?.body).toEqual({
        type: 'percentage',
        value: 12.5,
        order_product_id: null,
      }),
    );
  });

  it('summary, the invoice and AWB buttons by the spec’s conditions, and the activity timeline', async () => {
    renderAt('/orders/42');
    await header();
    expect(screen.getByTestId('summary-value').textContent).toBe('101.00 RON');
    expect(screen.getByTestId('summary-shipping').textContent).toBe('15.00 RON');
    expect(screen.getByTestId('summary-total').textContent).toBe('116.00 RON');
    expect(screen.getByTestId('doc-createInvoice').getAttribute('data-block')).toBe('none');
    expect(screen.getByTestId('doc-storno').getAttribute('data-block')).toBe('needsInvoice');
    expect(screen.getByTestId('doc-deleteAwb').getAttribute('data-block')).toBe('needsAwb');
    const enabled = within(screen.getByTestId('documents-section'))
      .getAllByRole('button')
      .filter((b) => !(b as HTMLButtonElement).disabled)
      .map((b) => b.textContent);
    expect(enabled).toEqual(['Create invoice', 'Create AWB']);
    const history = screen.getByTestId('history-section');
    expect(within(history).getByText('Order created')).toBeTruthy();
    expect(within(history).getByText('CN × 1, TR-M × 2')).toBeTruthy();
    expect(within(history).getByText(/by Maria Dumitrescu/)).toBeTruthy();
  });

  it('an order of another company (404) says so; no company: Company ID not found', async () => {
    renderAt('/orders/404');
    expect(await screen.findByText('This order does not exist or belongs to another company.')).toBeTruthy();
    cleanup();
    session.selectCompany(null);
    requests = [];
    renderAt('/orders/42');
    expect(await screen.findByText('Company ID not found')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
