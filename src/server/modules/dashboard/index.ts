/** The dashboard's figures: orders, revenue, products, couriers and cash on delivery over a range of days, from kept per-day aggregates. */
export { dashboardRoutes } from './routes.js';
export { dashboardApiDocs } from './openapi.js';
export { dashboardStats } from './service.js';
