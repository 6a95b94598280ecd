/** The products module's public face: its routes, and what other modules take from the catalogue (ids, stock, the products an order takes). */
export { productRoutes } from './routes.js';
export {
  companyCatalogue,
  companyProduct,
  companyProductIds,
  companyProductsBySku,
  moveStocks,
  productsWithVariations,
  productVatRates,
} from './queries.js';
export { productApiDocs } from './openapi.js';
