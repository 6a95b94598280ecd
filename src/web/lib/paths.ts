import type { OrderListFilter } from '../../core/orders/listFilter';

/**
 * Every page of the console, as the router matches it (app/routes.tsx takes its patterns from
 * here) and as links are built (`paths` below). A link is never written by hand: a page moved or
 * renamed here moves every link to it (src/web/lib/paths.test.ts fails on a page path written as
 * text anywhere else in the web).
 */
export const PAGES = {
  dashboard: '/',
  /** Outside the React app: main.ts shows the sign-in page without React. */
  login: '/login',
  /** Outside the React app, public: main.ts shows it to anyone. */
  invitation: '/invitation/:token',
  companies: '/companies',
  products: '/products',
  orders: '/orders',
  newOrder: '/orders/new',
  order: '/orders/:id',
  incoming: '/incoming',
  customers: '/customers',
  customer: '/customers/:id',
  cod: '/cod',
  sources: '/sources',
  discounts: '/discounts',
  productDiscounts: '/product-discounts',
  coupons: '/coupons',
  integrations: '/integrations',
  messages: '/messages',
  shippingSettings: '/shipping-settings',
  packages: '/packages',
  returnRequests: '/return-requests',
  samedayLocation: '/sameday-location',
  notifications: '/notifications',
  account: '/account',
} as const;

export type Page = keyof typeof PAGES;

/** A page's pattern as the signed-in routes take it: relative to the frame (`orders/:id`). */
export function routePath(page: Page): string {
  return PAGES[page].slice(1);
}

/** The list page an order was opened from travels as ?fromPage= (spec: Orders list, View). */
export const FROM_PAGE_PARAM = 'fromPage';

/** The orders list's query: its filters (core/orders/listFilter.ts, as the URL names them) and page. */
export type OrdersQuery = Partial<OrderListFilter> & { page?: number };

type QueryValue = string | number | boolean | null | undefined;

/**
 * `path?query` with the values that say something: empty ones are left out, yes/no as `1` / `0`
 * (the filters' form in the URL), and page 1, the first page, too (a list without ?page= is on it).
 */
function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if ((key === 'page' || key === FROM_PAGE_PARAM) && !(Number.isInteger(value) && (value as number) > 1)) continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A page number read from the URL (`?fromPage=3`), or undefined when it is none. */
export function pageNumber(text: string | null | undefined): number | undefined {
  const page = Number(text);
  return text && Number.isInteger(page) && page > 0 ? page : undefined;
}

/** The links of the app: `<Link to={paths.order(o.id)}>`, `navigate(paths.orders({ attention: true }))`. */
export const paths = {
  dashboard: () => PAGES.dashboard,
  login: () => PAGES.login,
  companies: () => PAGES.companies,
  products: () => PAGES.products,
  /** The orders list, filtered and on a page (`/orders?attention=1`, `/orders?page=3`). */
  orders: (query: OrdersQuery = {}) => withQuery(PAGES.orders, query),
  newOrder: () => PAGES.newOrder,
  /** /orders/{id}, with the list page it was opened from (left out for page 1), for its Back. */
  order: (id: number, { fromPage }: { fromPage?: number | null } = {}) =>
    withQuery(`${PAGES.orders}/${id}`, { [FROM_PAGE_PARAM]: fromPage }),
  incoming: () => PAGES.incoming,
  customers: () => PAGES.customers,
  customer: (id: number) => `${PAGES.customers}/${id}`,
  cod: () => PAGES.cod,
  sources: () => PAGES.sources,
  discounts: () => PAGES.discounts,
  productDiscounts: () => PAGES.productDiscounts,
  coupons: () => PAGES.coupons,
  integrations: () => PAGES.integrations,
  messages: () => PAGES.messages,
  shippingSettings: () => PAGES.shippingSettings,
  packages: () => PAGES.packages,
  returnRequests: () => PAGES.returnRequests,
  samedayLocation: () => PAGES.samedayLocation,
  notifications: () => PAGES.notifications,
  account: () => PAGES.account,
};
