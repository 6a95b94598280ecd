// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Order } from '../../../../core/api/orders';
import { common } from '../../../components/i18n';
import { session } from '../../../lib/session';
import { prepareDom } from '../../../test/dom';
import { renderRoutes } from '../../../test/render';
import orders from '../i18n';
import { AddressCheckPanel } from './AddressCheckPanel';

const check = {
  part: 'street' as const,
  reason: 'ambiguous' as const,
  message: 'Several streets of the locality have that name: choose one.',
  candidates: [
    { id: 901, name: 'Strada Eminescu Mihai', postal_code: '010512' },
    { id: 902, name: 'Intrarea Eminescu Mihai', postal_code: '020081' },
  ],
};
const order = (over: Partial<Order> = {}) =>
  ({
    id: 42,
    address_check: check,
    customer_detail: { county: 'București', city: 'Sector 2', street: 'Mihai Eminescu', street_number: '50' },
    ...over,
  }) as unknown as Order;

const posts: unknown[] = [];
beforeAll(async () => {
  await prepareDom({ en: { common: common.en, orders: orders.en } }, 'common');
});
beforeEach(() => {
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      posts.push({ url: new URL(input, 'http://x').pathname, body: JSON.parse(String(init?.body ?? '{}')) });
      return Promise.resolve(new Response(JSON.stringify({ data: order({ address_check: null }) }), { status: 200 }));
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (o: Order) =>
  renderRoutes([{ path: '/orders/42', element: <AddressCheckPanel order={o} /> }], '/orders/42');

describe('the address check panel of an order', () => {
  it('says why, offers the candidates; choosing one sends its id for the part that stopped the reading', async () => {
    show(order());
    expect(await screen.findByText(/Several streets of the locality have that name/)).toBeTruthy();
    expect(screen.getByText(/Intrarea Eminescu Mihai · 020081/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use Intrarea Eminescu Mihai' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/v1/order/42/address-check', body: { street_id: 902 } }]));
  });

  it('a corrected address is sent whole; "The address is right" sends the confirmation', async () => {
    show(order());
    const save = await screen.findByRole('button', { name: 'Save and check again' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    // The disabled Save says why, linked to the button.
    expect(screen.getByTestId('disabled-reason').textContent).toBe('Nothing changed yet.');
    expect(save.getAttribute('aria-describedby')).toBe(screen.getByTestId('disabled-reason').id);
    fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), { target: { value: 'Strada Eminescu Mihai' } });
    expect(screen.queryByTestId('disabled-reason')).toBeNull();
    expect(save.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      body: { county: 'București', city: 'Sector 2', street: 'Strada Eminescu Mihai', number: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'The address is right' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toMatchObject({ body: { confirm: true } });
  });

  it('shows nothing for an order whose address is not to check', async () => {
    show(order({ address_check: null }));
    await new Promise((r) => queueMicrotask(() => r(null)));
    expect(screen.queryByTestId('address-check')).toBeNull();
  });
});
