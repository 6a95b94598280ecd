import i18n from 'i18next';
import { Navigate, type RouteObject } from 'react-router';
import { PAGES, routePath } from '../lib/paths';
import { RequireAuth, StartupSpinner } from './guards';
import type { Namespace } from './i18n';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

/**
 * A screen loaded on first visit: its code is a chunk of its own, so signing in does not download
 * the signed-in frame or any screen, and the dashboard not the others (scripts/bundle-budget.mjs).
 * Its translation namespaces (app/i18n.ts) download at the same time, in the current language; one
 * left out still works (useTranslation suspends and the layout shows a loader until it is in).
 * Every screen but the frame and the dashboard (`firstScreen`) also brings the rest of Mantine's
 * stylesheet (screenStyles.ts).
 */
function screen(
  load: () => Promise<React.ComponentType>,
  namespaces: Namespace[],
  { firstScreen = false } = {},
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [Component] = await Promise.all([
        load(),
        i18n.loadNamespaces(namespaces),
        // Mantine's styles of the components the frame and the dashboard do not use (styles.ts).
        firstScreen ? null : import('./screenStyles'),
      ]);
      return { Component };
    },
  };
}

/**
 * The route table. Signed-in screens are children of the layout; add a screen with one line here
 * (and its link in Sidebar.tsx if it needs one).
 */
export const signedInRoutes: RouteObject[] = [
  {
    index: true,
    ...screen(async () => (await import('../features/dashboard/DashboardPage')).DashboardPage, ['dashboard'], {
      firstScreen: true,
    }),
  },
  {
    path: routePath('companies'),
    ...screen(async () => (await import('../features/companies/CompaniesPage')).CompaniesPage, ['companies']),
  },
  {
    path: routePath('products'),
    ...screen(async () => (await import('../features/products/ProductsPage')).ProductsPage, ['products']),
  },
  {
    path: routePath('orders'),
    ...screen(async () => (await import('../features/orders/OrdersPage')).OrdersPage, ['orders', 'orderBulk']),
  },
  {
    path: routePath('newOrder'),
    ...screen(async () => (await import('../features/orders/NewOrderPage')).NewOrderPage, ['orders', 'address']),
  },
  {
    path: routePath('order'),
    ...screen(
      async () => (await import('../features/orders/OrderDetailPage')).OrderDetailPage,
      ['orders', 'address', 'messages'],
    ),
  },
  {
    path: routePath('customers'),
    ...screen(async () => (await import('../features/customers/CustomersPage')).CustomersPage, ['customers']),
  },
  {
    path: routePath('customer'),
    ...screen(async () => (await import('../features/customers/CustomerDetailPage')).CustomerDetailPage, ['customers']),
  },
  {
    path: routePath('incoming'),
    ...screen(async () => (await import('../features/intake/IncomingPage')).IncomingPage, ['intake']),
  },
  { path: routePath('cod'), ...screen(async () => (await import('../features/cod/CodPage')).CodPage, ['cod']) },
  {
    path: routePath('sources'),
    ...screen(async () => (await import('../features/sources/SourcesPage')).SourcesPage, ['sources', 'connectors']),
  },
  {
    path: routePath('discounts'),
    ...screen(async () => (await import('../features/discounts/OrderDiscountsPage')).OrderDiscountsPage, ['discounts']),
  },
  {
    path: routePath('productDiscounts'),
    ...screen(
      async () => (await import('../features/discounts/ProductDiscountsPage')).ProductDiscountsPage,
      ['discounts'],
    ),
  },
  {
    path: routePath('coupons'),
    ...screen(async () => (await import('../features/coupons/CouponsPage')).CouponsPage, ['coupons']),
  },
  {
    path: routePath('integrations'),
    ...screen(
      async () => (await import('../features/integrations/IntegrationsPage')).IntegrationsPage,
      ['integrations'],
    ),
  },
  {
    path: routePath('messages'),
    ...screen(async () => (await import('../features/messages/MessagesPage')).MessagesPage, ['messages']),
  },
  {
    path: routePath('shippingSettings'),
    ...screen(
      async () => (await import('../features/shipping/ShippingSettingsPage')).ShippingSettingsPage,
      ['shipping'],
    ),
  },
  {
    path: routePath('packages'),
    ...screen(async () => (await import('../features/packages/PackagesPage')).PackagesPage, ['packages']),
  },
  {
    path: routePath('returnRequests'),
    ...screen(
      async () => (await import('../features/return-requests/ReturnRequestsPage')).ReturnRequestsPage,
      ['returnRequests'],
    ),
  },
  {
    path: routePath('samedayLocation'),
    ...screen(async () => (await import('../features/locations/LocationPage')).LocationPage, ['locations', 'address']),
  },
  {
    path: routePath('notifications'),
    ...screen(
      async () => (await import('../features/notifications/NotificationsPage')).NotificationsPage,
      ['notifications'],
    ),
  },
  {
    path: routePath('account'),
    ...screen(async () => (await import('../features/account/AccountPage')).AccountPage, ['account']),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  // The sign-in page is not part of the app (main.ts shows it before the app loads): a signed-in
  // visitor who reaches /login inside the app goes to the dashboard.
  { path: PAGES.login, element: <Navigate to={PAGES.dashboard} replace /> },
  // The spinner shows while the first screen's chunk loads on a direct visit (e.g. a bookmarked /products).
  {
    element: <RequireAuth />,
    hydrateFallbackElement: <StartupSpinner />,
    // The signed-in frame failed to load (or to render): the panel stands alone.
    errorElement: <RouteError standalone />,
    // The signed-in frame is a chunk of its own too: the sign-in page does not download it.
    children: [
      {
        path: PAGES.dashboard,
        ...screen(async () => (await import('./Layout')).Layout, ['notifications'], { firstScreen: true }),
        // A screen that fails to load (server out of reach, files renamed by a deploy) or to render
        // shows a translated panel with Try again inside the frame, never React Router's developer
        // page. The boundary is this route without a path, not the screens': React Router shows a
        // route whose `lazy` failed as still loading, so the boundary of a failed load must not be lazy.
        children: [{ errorElement: <RouteError />, children: signedInRoutes }],
      },
    ],
  },
];
