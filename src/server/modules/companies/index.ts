/** The companies module's public face: its routes, membership, and what a new order starts with. */
export { companyRoutes } from './routes.js';
export {
  companyAccountHolder,
  companyEurRate,
  companyIsVatPayer,
  companySenderName,
  companyShippingCost,
  companyVatCode,
  isMember,
} from './queries.js';
export { companyApiDocs } from './openapi.js';
