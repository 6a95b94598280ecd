/**
 * The integrations module's public face: its routes, the one way to reach a provider for a company
 * (`courierFor`, `invoicingFor`, `messagingFor`), and what other modules read of the set-ups.
 */
export { integrationRoutes } from './routes.js';
export { courierFor, invoicingFor, messagingFor, type ProviderAccount } from './providerAccess.js';
export { isUsable } from './service.js';
export { activeCourierSetUps, listCompanyIntegrations, type ActiveCourierSetUp } from './queries.js';
