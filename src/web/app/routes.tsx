import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { PublicOnly, RequireAuth, StartupSpinner } from './guards';
import { NotFoundPage } from './NotFoundPage';

/**
 * A screen loaded on first visit: its code is a chunk of its own, so signing in does not download
 * the signed-in frame or any screen, and the dashboard not the others (scripts/bundle-budget.mjs).
 */
function screen(load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/**
 * The route table. Signed-in screens are children of the layout; add a screen with one line here
 * (and its link in Sidebar.tsx if it needs one).
 */
export const signedInRoutes: RouteObject[] = [
  { index: true, ...screen(async () => (await import('../features/dashboard/DashboardPage')).DashboardPage) },
  { path: 'companies', ...screen(async () => (await import('../features/companies/CompaniesPage')).CompaniesPage) },
  { path: 'products', ...screen(async () => (await import('../features/products/ProductsPage')).ProductsPage) },
  { path: 'orders', ...screen(async () => (await import('../features/orders/OrdersPage')).OrdersPage) },
  { path: 'orders/new', ...screen(async () => (await import('../features/orders/NewOrderPage')).NewOrderPage) },
  { path: 'orders/:id', ...screen(async () => (await import('../features/orders/OrderDetailPage')).OrderDetailPage) },
  { path: 'customers', ...screen(async () => (await import('../features/customers/CustomersPage')).CustomersPage) },
  {
    path: 'customers/:id',
    ...screen(async () => (await import('../features/customers/CustomerDetailPage')).CustomerDetailPage),
  },
  { path: 'cod', ...screen(async () => (await import('../features/cod/CodPage')).CodPage) },
  { path: 'sources', ...screen(async () => (await import('../features/sources/SourcesPage')).SourcesPage) },
  {
    path: 'discounts',
    ...screen(async () => (await import('../features/discounts/OrderDiscountsPage')).OrderDiscountsPage),
  },
  {
    path: 'product-discounts',
    ...screen(async () => (await import('../features/discounts/ProductDiscountsPage')).ProductDiscountsPage),
  },
  {
    path: 'integrations',
    ...screen(async () => (await import('../features/integrations/IntegrationsPage')).IntegrationsPage),
  },
  { path: 'messages', ...screen(async () => (await import('../features/messages/MessagesPage')).MessagesPage) },
  { path: 'packages', ...screen(async () => (await import('../features/packages/PackagesPage')).PackagesPage) },
  {
    path: 'return-requests',
    ...screen(async () => (await import('../features/return-requests/ReturnRequestsPage')).ReturnRequestsPage),
  },
  {
    path: 'sameday-location',
    ...screen(async () => (await import('../features/locations/LocationPage')).LocationPage),
  },
  {
    path: 'notifications',
    ...screen(async () => (await import('../features/notifications/NotificationsPage')).NotificationsPage),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  { element: <PublicOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
  // The spinner shows while the first screen's chunk loads on a direct visit (e.g. a bookmarked /products).
  {
    element: <RequireAuth />,
    hydrateFallbackElement: <StartupSpinner />,
    // The signed-in frame is a chunk of its own too: the sign-in page does not download it.
    children: [{ path: '/', ...screen(async () => (await import('./Layout')).Layout), children: signedInRoutes }],
  },
];
