// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { prepareDom } from '../test/dom';
import { common } from './i18n';
import { useUrlDialog } from './useUrlDialog';

function OrderPage() {
  const awb = useUrlDialog('awb', ['line']);
  const note = useUrlDialog('note');
  return (
    <div>
      <button type="button" onClick={() => awb.open({ line: 7 })}>
        Generate AWB
      </button>
      <button type="button" onClick={() => note.open()}>
        Add note
      </button>
      {awb.opened ? (
        <div role="dialog" aria-label="AWB">
          line {awb.param('line')}
          <button type="button" onClick={awb.close}>
            Close
          </button>
        </div>
      ) : null}
      {note.opened ? <div role="dialog" aria-label="Note" /> : null}
    </div>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/orders', element: <p>Orders list</p> },
      { path: '/orders/42', element: <OrderPage /> },
    ],
    { initialEntries: ['/orders', url], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});
afterEach(cleanup);

describe('useUrlDialog', () => {
  it('open puts ?action= (and its parameters) in the URL; Back closes the dialog and stays on the page', async () => {
    const router = renderAt('/orders/42?tab=items');
    fireEvent.click(screen.getByRole('button', { name: 'Generate AWB' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=items&action=awb&line=7'));
    expect(screen.getByRole('dialog', { name: 'AWB' }).textContent).toContain('line 7');
    expect(screen.queryByRole('dialog', { name: 'Note' })).toBeNull();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/orders/42');
    expect(router.state.location.search).toBe('?tab=items');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('close after open goes back, so the next Back leaves the page instead of reopening the dialog', async () => {
    const router = renderAt('/orders/42');
    fireEvent.click(screen.getByRole('button', { name: 'Generate AWB' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('opens every time: open, close (its button or Back), open again, three times each', async () => {
    const router = renderAt('/orders/42');
    for (let round = 1; round <= 3; round++) {
      fireEvent.click(screen.getByRole('button', { name: 'Generate AWB' }));
      await screen.findByRole('dialog', { name: 'AWB' });
      expect(router.state.location.search).toBe('?action=awb&line=7');
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.search).toBe('');
    }
    for (let round = 1; round <= 3; round++) {
      fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
      await screen.findByRole('dialog', { name: 'Note' });
      // Nothing of the dialog opened before it is left in the URL.
      expect(router.state.location.search).toBe('?action=note');
      await act(() => router.navigate(-1));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(router.state.location.search).toBe('');
    }
    expect(router.state.location.pathname).toBe('/orders/42');
  });

  it('a link or a reload with ?action= opens it; close then removes its parameters in place', async () => {
    const router = renderAt('/orders/42?action=awb&line=3&tab=items');
    expect(screen.getByRole('dialog', { name: 'AWB' }).textContent).toContain('line 3');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=items'));
    expect(router.state.location.pathname).toBe('/orders/42');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
