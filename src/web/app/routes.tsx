import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { CompaniesPage } from '../features/companies/CompaniesPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { OrderDiscountsPage } from '../features/discounts/OrderDiscountsPage';
import { ProductDiscountsPage } from '../features/discounts/ProductDiscountsPage';
import { IntegrationsPage } from '../features/integrations/IntegrationsPage';
import { MessagesPage } from '../features/messages/MessagesPage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { NewOrderPage } from '../features/orders/NewOrderPage';
import { OrderDetailPage } from '../features/orders/OrderDetailPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { PackagesPage } from '../features/packages/PackagesPage';
import { ProductsPage } from '../features/products/ProductsPage';
import { ReturnRequestsPage } from '../features/return-requests/ReturnRequestsPage';
import { SourcesPage } from '../features/sources/SourcesPage';
import { PublicOnly, RequireAuth } from './guards';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

/**
 * The route table. Signed-in screens are children of the layout; add a screen with one line here
 * (and its link in Sidebar.tsx if it needs one).
 */
export const signedInRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'companies', element: <CompaniesPage /> },
  { path: 'products', element: <ProductsPage /> },
  { path: 'orders', element: <OrdersPage /> },
  { path: 'orders/new', element: <NewOrderPage /> },
  { path: 'orders/:id', element: <OrderDetailPage /> },
  { path: 'sources', element: <SourcesPage /> },
  { path: 'discounts', element: <OrderDiscountsPage /> },
  { path: 'product-discounts', element: <ProductDiscountsPage /> },
  { path: 'integrations', element: <IntegrationsPage /> },
  { path: 'messages', element: <MessagesPage /> },
  { path: 'packages', element: <PackagesPage /> },
  { path: 'return-requests', element: <ReturnRequestsPage /> },
  { path: 'notifications', element: <NotificationsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  { element: <PublicOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
  { element: <RequireAuth />, children: [{ path: '/', element: <Layout />, children: signedInRoutes }] },
];
