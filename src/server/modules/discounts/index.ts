/** The discounts module's public face: its routes, and the rules an order applies. */
export { discountRoutes } from './routes.js';
export { orderDiscountRules, productDiscountRules } from './queries.js';
export { discountApiDocs } from './openapi.js';
