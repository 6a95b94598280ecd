import { common } from '../components/i18n';
import auth from '../features/auth/i18n';
import { setupI18n, type Language, type Translations } from '../lib/i18n';

/**
 * Every translation namespace of the app, one entry per feature: its name → the folder of its
 * i18n.ts (`export default { en, ro }`). A feature reads its texts with useTranslation('<namespace>');
 * shared texts are in `common`, the API's messages in `server`.
 *
 * `common` and `auth` (the sign-in page, the start-up spinner, "not found") come with the first
 * download, in both languages (about 3 KB gzip), so the first screen waits for no second request.
 * Every other namespace is downloaded when first used, in the current language only: a route names
 * its namespaces in routes.tsx (`screen(load, [...])`) so they load with its code.
 */
export const NAMESPACE_FOLDERS = {
  common: 'components',
  auth: 'features/auth',
  companies: 'features/companies',
  sources: 'features/sources',
  connectors: 'features/sources/connector',
  discounts: 'features/discounts',
  coupons: 'features/coupons',
  products: 'features/products',
  dashboard: 'features/dashboard',
  notifications: 'features/notifications',
  messages: 'features/messages',
  packages: 'features/packages',
  returnRequests: 'features/return-requests',
  address: 'components/address',
  integrations: 'features/integrations',
  orders: 'features/orders',
  orderBulk: 'features/orders/bulk',
  locations: 'features/locations',
  cod: 'features/cod',
  customers: 'features/customers',
  account: 'features/account',
  intake: 'features/intake',
  shipping: 'features/shipping',
} as const;

export type Namespace = keyof typeof NAMESPACE_FOLDERS;

const bundled: Partial<Record<Namespace, Translations>> = { common, auth };

type Texts = Record<string, unknown>;
// One chunk per namespace and language (scripts/translations-per-language.ts cuts the file); the
// patterns must be literals for Vite. `common` and `auth` are bundled above.
const files: Record<Language, Record<string, () => Promise<Texts>>> = {
  en: import.meta.glob<Texts>(
    ['../features/**/i18n.ts', '../components/**/i18n.ts', '!../features/auth/i18n.ts', '!../components/i18n.ts'],
    { query: '?lang=en', import: 'default' },
  ),
  ro: import.meta.glob<Texts>(
    ['../features/**/i18n.ts', '../components/**/i18n.ts', '!../features/auth/i18n.ts', '!../components/i18n.ts'],
    { query: '?lang=ro', import: 'default' },
  ),
};

/** One namespace's texts in one language, downloaded on first use. */
function loadTexts(lang: Language, ns: string): Promise<Texts> {
  const folder = NAMESPACE_FOLDERS[ns as Namespace];
  const load = folder ? files[lang][`../${folder}/i18n.ts`] : undefined;
  return load ? load() : Promise.reject(new Error(`Unknown translation namespace "${ns}".`));
}

export const i18n = setupI18n(bundled, loadTexts);
