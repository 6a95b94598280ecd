import { common } from '../components/i18n';
import { setupI18n, type Translations } from '../lib/i18n';
import auth from '../features/auth/i18n';
import companies from '../features/companies/i18n';
import sources from '../features/sources/i18n';
import discounts from '../features/discounts/i18n';
import products from '../features/products/i18n';
import dashboard from '../features/dashboard/i18n';
import notifications from '../features/notifications/i18n';
import packages from '../features/packages/i18n';
import returnRequests from '../features/return-requests/i18n';
import messages from '../features/messages/i18n';
import address from '../components/address/i18n';
import integrations from '../features/integrations/i18n';
import orders from '../features/orders/i18n';
import orderBulk from '../features/orders/bulk/i18n';
import locations from '../features/locations/i18n';
import cod from '../features/cod/i18n';
import customers from '../features/customers/i18n';

/**
 * Every translation namespace of the app: one import and one entry per feature. A feature reads
 * its texts with useTranslation('<namespace>'); shared texts are in `common`, the API's messages
 * in `server`.
 */
export const namespaces: Record<string, Translations> = {
  common,
  auth,
  companies,
  sources,
  discounts,
  products,
  dashboard,
  notifications,
  messages,
  packages,
  returnRequests,
  address,
  integrations,
  orders,
  orderBulk,
  locations,
  cod,
  customers,
};

export const i18n = setupI18n(namespaces);
