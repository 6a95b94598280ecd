/**
 * The integrations module's public face: its routes, the one way to reach a provider for a company
 * (`courierFor`, `invoicingFor`, `messagingFor`), what other modules read of the set-ups, and the
 * re-sealing of every stored login when the app key changes (`resealCredentials`, for the CLI), and
 * the demo company's set-ups with the emulators' demo accounts (`connectDemoIntegrations`, for the seed).
 */
export { integrationRoutes } from './routes.js';
export {
  courierFor,
  CredentialsNotSealedWithKey,
  invoicingFor,
  messagingFor,
  resealCredentials,
  type ProviderAccount,
  type ResealReport,
} from './providerAccess.js';
export { isUsable } from './service.js';
export { activeCourierSetUps, listCompanyIntegrations, type ActiveCourierSetUp } from './queries.js';
export { integrationApiDocs } from './openapi.js';
export { courierLockers, findLocker } from './lockers.js';
export { courierNomenclature, type Nomenclature, type NomenclatureCourier } from './nomenclature.js';
export { companyAccountHolder } from './demoAccounts.js';
export { connectDemoIntegrations, type DemoSetUp } from './demo.js';
