import type {
  CourierKey,
  CourierServiceOption,
  Credentials,
  PickupPoint,
  ServiceCourierKey,
  VatOption,
  WizardKey,
} from '../../../core/api/integrations.js';
import type { SamedayPlace } from '../../../core/api/samedayLocations.js';
import type { DemoAccountHolder } from '../../providers/registry.js';

/**
 * What the integrations module needs from the provider clients: check a login, and read the
 * lists the wizard chooses from. It is built from the provider registry (ctx.providers); the
 * module never speaks a provider's protocol itself.
 */
export interface IntegrationGateway {
  /** True when the provider's calls go to the built-in emulator. */
  isEmulated(key: WizardKey): boolean;
  /** The emulator's shared demo account (emulated providers only), shown when no company is named. */
  demoCredentials(key: WizardKey): Record<string, string> | null;
  /** The demo login shown to one company (emulated providers only): its own account where the emulator opens one. */
  demoAccountFor(key: WizardKey, holder: DemoAccountHolder): Promise<Record<string, string> | null>;
  /**
   * Resolves when the provider accepts the login; throws the provider's ProviderError otherwise.
   * SmartBill also checks the company's VAT code (it names the company on every call).
   */
  verify<K extends WizardKey>(key: K, credentials: Credentials<K>, vatCode: string): Promise<void>;
  pickupPoints<K extends CourierKey>(key: K, credentials: Credentials<K>): Promise<PickupPoint[]>;
  /** The services of the courier contract (FAN's second step). */
  courierServices<K extends ServiceCourierKey>(key: K, credentials: Credentials<K>): Promise<CourierServiceOption[]>;
  /** SmartBill's invoice series names (the company is named by its VAT code). */
  invoiceSeries(credentials: Credentials<'smartbill'>, vatCode: string): Promise<string[]>;
  vatRates(credentials: Credentials<'smartbill'>, vatCode: string): Promise<VatOption[]>;
  /** The account's Sameday pickup points and every Sameday locker, with their county and city. */
  samedayPlaces(
    credentials: Credentials<'sameday'>,
  ): Promise<{ pickupPoints: SamedayPlace[]; lockers: SamedayPlace[] }>;
}
