// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  createMemoryRouter,
  MemoryRouter,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router';
import { useUrlParams } from './useUrlParams';

/** Two independent writers, as a list (page) and its filters (a tab) are. */
function Pager() {
  const write = useUrlParams();
  return (
    <button type="button" onClick={() => write((p) => p.set('page', '3'))}>
      Page 3
    </button>
  );
}
function Tab() {
  const write = useUrlParams();
  return (
    <>
      <button type="button" onClick={() => write((p) => p.set('status', 'new'))}>
        New
      </button>
      <button type="button" onClick={() => write((p) => new URLSearchParams(p.toString().replace('page=3', 'page=4')))}>
        Next
      </button>
    </>
  );
}
function Where() {
  const location = useLocation();
  return <output>{location.search}</output>;
}
const Screen = () => (
  <>
    <Pager />
    <Tab />
    <Where />
  </>
);

afterEach(cleanup);

describe('useUrlParams', () => {
  it('two writes in one event, from two components, keep both changes and the other parameters (data router)', async () => {
    const router = createMemoryRouter([{ path: '/orders', element: <Screen /> }], {
      initialEntries: ['/orders?courier=dpd'],
    });
    render(<RouterProvider router={router} />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
      fireEvent.click(screen.getByRole('button', { name: 'New' }));
    });
    await screen.findByText('?courier=dpd&page=3&status=new');
    expect(router.state.location.search).toBe('?courier=dpd&page=3&status=new');
    // A change answered as a new query is kept as well.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('?courier=dpd&page=4&status=new');
  });

  it('the same in a plain router, and a write that changes nothing adds no history entry', async () => {
    render(
      <MemoryRouter initialEntries={['/start', '/orders?courier=dpd']} initialIndex={1}>
        <Routes>
          <Route path="/orders" element={<Screen />} />
          <Route path="/start" element={<p>start</p>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'New' }));
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    });
    await screen.findByText('?courier=dpd&status=new&page=3');
    cleanup();
    const router = createMemoryRouter(
      [
        { path: '/orders', element: <Screen /> },
        { path: '/start', element: <p>start</p> },
      ],
      { initialEntries: ['/start', '/orders?page=3'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/start');
  });

  it('the same write after Back (the very location it started from) is made again', async () => {
    const router = createMemoryRouter([{ path: '/orders', element: <Screen /> }], {
      initialEntries: ['/orders?courier=dpd'],
    });
    render(<RouterProvider router={router} />);
    for (let round = 1; round <= 3; round++) {
      fireEvent.click(screen.getByRole('button', { name: 'New' }));
      await screen.findByText('?courier=dpd&status=new');
      await act(() => router.navigate(-1));
      await screen.findByText('?courier=dpd');
    }
    cleanup();
    // A plain router: the same through its renders.
    let back: () => void = () => {};
    function Back() {
      const navigate = useNavigate();
      back = () => void navigate(-1);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/orders?courier=dpd']}>
        <Routes>
          <Route
            path="/orders"
            element={
              <>
                <Screen />
                <Back />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    for (let round = 1; round <= 3; round++) {
      fireEvent.click(screen.getByRole('button', { name: 'New' }));
      await screen.findByText('?courier=dpd&status=new');
      act(() => back());
      await screen.findByText('?courier=dpd');
    }
  });
});
